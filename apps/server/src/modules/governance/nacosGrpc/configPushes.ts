import { type ConfigKey, configKeyText } from '../config/configRepo.ts';
import type { ConfigFollower } from '../config/listenerHub.ts';
import type { Connection } from './connections.ts';
import { EncodedPayload } from './payload.ts';

/** A config a connection listens to, with the tenant as the client wrote it (echoed in pushes) and its MD5. */
export interface ListenedConfig {
  dataId: string;
  group: string;
  tenant: string;
  md5: string;
}

/**
 * The configs gRPC connections listen to (ConfigBatchListenRequest), told of changes by the listener hub,
 * which hears every server's publishes (cluster bus, change log). A change pushes ConfigChangeNotifyRequest
 * to each connection whose MD5 differs; the client then queries the config and listens with the new MD5.
 */
export class ConfigPushes implements ConfigFollower {
  private readonly listening = new Map<string, Map<Connection, ListenedConfig>>();
  private readonly keysOf = new Map<Connection, Set<string>>();

  follows(key: string): boolean {
    return this.listening.has(key);
  }

  changed(key: string, md5: string): void {
    // One push per way of naming the config (the tenant as each client wrote it), encoded once.
    const pushes = new Map<string, EncodedPayload>();
    for (const [connection, listened] of this.listening.get(key) ?? []) {
      if (listened.md5 === md5) continue;
      // Heard twice (bus and change log), a change is pushed once.
      listened.md5 = md5;
      let push = pushes.get(listened.tenant);
      if (!push) {
        push = new EncodedPayload('ConfigChangeNotifyRequest', { dataId: listened.dataId, group: listened.group, tenant: listened.tenant });
        pushes.set(listened.tenant, push);
      }
      connection.pushEncoded(push);
    }
  }

  listen(connection: Connection, key: ConfigKey, listened: ListenedConfig): void {
    const text = configKeyText(key);
    const connections = this.listening.get(text) ?? new Map<Connection, ListenedConfig>();
    connections.set(connection, listened);
    this.listening.set(text, connections);
    let keys = this.keysOf.get(connection);
    if (!keys) {
      keys = new Set();
      this.keysOf.set(connection, keys);
      connection.onClose(() => this.forget(connection));
    }
    keys.add(text);
  }

  stopListening(connection: Connection, key: ConfigKey): void {
    const text = configKeyText(key);
    this.drop(connection, text);
    this.keysOf.get(connection)?.delete(text);
  }

  get listeners(): number {
    let count = 0;
    for (const connections of this.listening.values()) count += connections.size;
    return count;
  }

  private forget(connection: Connection): void {
    for (const text of this.keysOf.get(connection) ?? []) this.drop(connection, text);
    this.keysOf.delete(connection);
  }

  private drop(connection: Connection, text: string): void {
    const connections = this.listening.get(text);
    connections?.delete(connection);
    if (connections?.size === 0) this.listening.delete(text);
  }
}
