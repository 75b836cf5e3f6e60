import type { InstanceEdit, ServiceInput } from '@qiming/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/uniqueViolation.ts';
import type { Caller } from '../../../http/caller.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { audited } from '../../audit/audited.ts';
import { isMetadataAddress } from '../../outbound/upstreamPolicy.ts';
import * as instances from './instanceRepo.ts';
import { instanceKey, Liveness } from './liveness.ts';
import * as services from './serviceRepo.ts';

/** Nacos' heartbeat defaults: beat every 5 s, unhealthy after 15 s of silence, removed after 30 s. */
export const heartbeatDefaults = { interval: 5_000, timeout: 15_000, deleteTimeout: 30_000 };

/** The instance metadata keys by which a Nacos client tunes its own heartbeat. */
const preservedKeys = {
  interval: 'preserved.heart.beat.interval',
  timeout: 'preserved.heart.beat.timeout',
  deleteTimeout: 'preserved.ip.delete.timeout',
} as const;

export function heartbeatOf(metadata: Record<string, string>) {
  const read = (key: keyof typeof preservedKeys) => {
    const value = Number(metadata[preservedKeys[key]]);
    return Number.isInteger(value) && value > 0 ? value : heartbeatDefaults[key];
  };
  return { beatInterval: read('interval'), beatTimeout: read('timeout'), deleteTimeout: read('deleteTimeout') };
}

/** How a beat of one instance renews it in memory: the instance's key and the time within which a beat keeps it healthy. */
export interface Renewal {
  key: string;
  withinMs: number;
}

export interface ClientInstance {
  service: services.ServiceName;
  clusterName: string;
  ip: string;
  port: number;
  weight: number;
  healthy: boolean;
  enabled: boolean;
  ephemeral: boolean;
  metadata: Record<string, string>;
}

/** Services and instances, for Nacos clients and for the back-office alike. */
export class RegistryService {
  /** Beats are kept in memory, not written: the health sweep reads them from here. */
  readonly liveness: Liveness;

  constructor(
    private readonly context: AppContext,
    onError: (error: unknown) => void = () => undefined,
  ) {
    this.liveness = new Liveness(context.cluster, context.now, onError);
  }

  private get db() {
    return this.context.db;
  }

  /**
   * Any Nacos client may register an instance, and the gateway sends `lb://` traffic to it: one at a
   * link-local or cloud metadata address would open that service to whoever calls the route.
   */
  async register(instance: ClientInstance): Promise<void> {
    if (isMetadataAddress(instance.ip)) throw badRequest('validation.instanceAddressRefused', { field: 'ip', ip: instance.ip });
    const now = this.context.now();
    const serviceId = await services.ensureService(this.db, instance.service, now);
    await instances.upsertInstance(this.db, { serviceId, ...instance, ...heartbeatOf(instance.metadata) }, now);
    const key = instanceKey(instance.service, instance);
    if (instance.ephemeral && instance.healthy) this.liveness.heard(key);
    else this.liveness.forget(key);
  }

  /**
   * A beat from an instance nobody knows registers it, as Nacos does, so a restarted registry heals
   * itself; `beforeRegistering` checks what a known instance has already proved (its namespace). The
   * answer says how the instance's next beats renew it (`renew`) and how often it should beat.
   */
  async beat(instance: ClientInstance, beforeRegistering: () => Promise<unknown>): Promise<{ renewal: Renewal; interval: number }> {
    const heartbeat = heartbeatOf(instance.metadata);
    const renewal = { key: instanceKey(instance.service, instance), withinMs: heartbeat.beatTimeout };
    const answer = { renewal, interval: heartbeat.beatInterval };
    if (this.renew(renewal) || (await this.recordBeat(instance))) return answer;
    await beforeRegistering();
    await this.register(instance);
    return answer;
  }

  /**
   * Records a beat in memory alone when the instance was heard within the renewal's time, so the sweep
   * has left it healthy: true. False when the beat must go through `beat` (and the database).
   */
  renew(renewal: Renewal): boolean {
    return this.liveness.renew(renewal.key, renewal.withinMs);
  }

  /** A beat naming only the instance (Nacos's light beat): false when no such instance is registered. */
  async lightBeat(address: Omit<instances.InstanceAddress, 'serviceId'> & { service: services.ServiceName }): Promise<boolean> {
    return this.liveness.renew(instanceKey(address.service, address), heartbeatDefaults.timeout) || this.recordBeat(address);
  }

  /** A beat the database must see: the instance was silent (maybe marked unhealthy) or this server never heard it. */
  private async recordBeat(address: Omit<instances.InstanceAddress, 'serviceId'> & { service: services.ServiceName }) {
    const known = await instances.recordBeat(this.db, address, this.context.now());
    if (known) this.liveness.heard(instanceKey(address.service, address));
    return known;
  }

  async deregister(name: services.ServiceName, address: Omit<instances.InstanceAddress, 'serviceId'>): Promise<void> {
    const serviceId = await services.findServiceId(this.db, name);
    if (serviceId !== undefined) await instances.deleteInstance(this.db, { serviceId, ...address });
    this.liveness.forget(instanceKey(name, address));
  }

  /** A service's instances and protect threshold, from one lookup of the service; clients read this every few seconds. */
  async instancesOf(name: services.ServiceName, clusters: string[]) {
    const service = await services.findServiceThreshold(this.db, name);
    if (!service) return { protectThreshold: 0, instances: [] };
    return { protectThreshold: service.protectThreshold, instances: await instances.listInstances(this.db, service.id, clusters) };
  }

  /** Nacos's health API for persistent instances: false when the address holds none (an ephemeral one keeps its beats). */
  async setPersistentHealth(name: services.ServiceName, address: Omit<instances.InstanceAddress, 'serviceId'>, healthy: boolean) {
    const serviceId = await services.findServiceId(this.db, name);
    // Its next beat, if it sends any, goes to the database again, as before this health was set.
    this.liveness.forget(instanceKey(name, address));
    return serviceId !== undefined && instances.setPersistentHealth(this.db, { serviceId, ...address }, healthy);
  }

  /**
   * Adds (`merge`) or removes (`remove`) metadata keys on the instances of a service that `pick` keeps,
   * in one transaction; the changed instances come back.
   */
  async changeMetadata(
    name: services.ServiceName,
    pick: (instance: instances.StoredInstance) => boolean,
    metadata: Record<string, string>,
    mode: 'merge' | 'remove',
  ): Promise<instances.StoredInstance[]> {
    return this.db.transaction().execute(async (trx) => {
      const serviceId = await services.findServiceId(trx, name);
      if (serviceId === undefined) return [];
      const chosen = (await instances.listInstances(trx, serviceId)).filter(pick);
      for (const instance of chosen) {
        const next =
          mode === 'merge'
            ? { ...instance.metadata, ...metadata }
            : Object.fromEntries(Object.entries(instance.metadata).filter(([key]) => !(key in metadata)));
        await instances.replaceMetadata(trx, serviceId, instance.id, next);
      }
      return chosen;
    });
  }

  serviceNames(namespaceId: string, groupName: string, pageNo: number, pageSize: number) {
    return services.pageServiceNames(this.db, namespaceId, groupName, pageNo, pageSize);
  }

  counts() {
    return services.countAll(this.db);
  }

  /** A service by its name, with its counts; undefined when none. */
  async serviceNamed(name: services.ServiceName) {
    const id = await services.findServiceId(this.db, name);
    return id === undefined ? undefined : services.findService(this.db, name.namespaceId, id);
  }

  async requireService(namespaceId: string, id: number, db: Kysely<Database> = this.db) {
    const service = await services.findService(db, namespaceId, id);
    if (!service) throw notFound();
    return service;
  }

  createService(caller: Caller, namespaceId: string, input: ServiceInput) {
    const target = `service:${namespaceId}/${input.groupName}@@${input.serviceName}`;
    return audited(this.context, caller, { operation: 'registry:add', target }, async (trx, entry) => {
      const name = { namespaceId, groupName: input.groupName, serviceName: input.serviceName };
      if ((await services.findServiceId(trx, name)) !== undefined) throw badRequest('error.duplicateService');
      let id: number;
      try {
        id = await services.insertService(trx, namespaceId, input, this.context.now());
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest('error.duplicateService');
        throw error;
      }
      const after = await this.requireService(namespaceId, id, trx);
      entry.after = after;
      return after;
    });
  }

  /** Name and group identify a service to its clients, so only its threshold and metadata change. */
  updateService(caller: Caller, namespaceId: string, id: number, input: ServiceInput) {
    return audited(this.context, caller, { operation: 'registry:edit', target: `service:${id}` }, async (trx, entry) => {
      entry.before = await this.requireService(namespaceId, id, trx);
      await services.updateService(trx, id, input, this.context.now());
      const after = await this.requireService(namespaceId, id, trx);
      entry.after = after;
      return after;
    });
  }

  removeServices(caller: Caller, namespaceId: string, ids: number[]) {
    return audited(this.context, caller, { operation: 'registry:delete', target: `service:${ids.join(',')}` }, async (trx, entry) => {
      const before = [];
      for (const id of ids) {
        const service = await this.requireService(namespaceId, id, trx);
        if (service.instanceCount > 0) throw badRequest('error.serviceHasInstances');
        before.push(service);
      }
      entry.before = before;
      const deleted = await services.deleteServices(trx, namespaceId, ids);
      const after = { deleted };
      entry.after = after;
      return after;
    });
  }

  editInstance(caller: Caller, namespaceId: string, serviceId: number, id: number, edit: InstanceEdit) {
    return audited(this.context, caller, { operation: 'registry:edit', target: `instance:${id}` }, async (trx, entry) => {
      await this.requireService(namespaceId, serviceId, trx);
      entry.before = await instances.findInstance(trx, serviceId, id);
      if (!entry.before) throw notFound();
      await instances.editInstance(trx, serviceId, id, edit);
      const after = await instances.findInstance(trx, serviceId, id);
      entry.after = after;
      return after;
    });
  }

  deregisterInstances(caller: Caller, namespaceId: string, serviceId: number, ids: number[]) {
    return audited(this.context, caller, { operation: 'registry:delete', target: `instance:${ids.join(',')}` }, async (trx, entry) => {
      const service = await this.requireService(namespaceId, serviceId, trx);
      const gone = (await instances.listInstances(trx, serviceId)).filter((instance) => ids.includes(instance.id));
      const deleted = await instances.deleteInstances(trx, serviceId, ids);
      // A client beating still registers again rather than beat on in this server's memory only.
      for (const instance of gone) this.liveness.forget(instanceKey({ ...service, namespaceId }, instance));
      const after = { deleted };
      entry.after = after;
      return after;
    });
  }
}
