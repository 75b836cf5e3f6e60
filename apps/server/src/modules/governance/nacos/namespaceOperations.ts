import { randomUUID } from 'node:crypto';
import { type Namespace, publicNamespace } from '@qiming/shared';
import type { Caller } from '../../../http/caller.ts';
import type { NamespaceService } from '../namespaces/namespaceService.ts';
import { NacosRefusal, nacosErrorCodes } from './nacosRefusal.ts';

/** Nacos's default config quota per namespace; Qiming sets none, so the figure is only informative. */
const quota = 200;
/** Nacos's checks on a new namespace's id and on a name (NamespaceController). */
const idPattern = /^[\w-]+$/;
const namePattern = /^[^@#$%^&*]+$/;
const maxIdLength = 64;

export interface NamespaceWrite {
  namespaceId: string;
  name: string;
  description: string;
}

/** A namespace as the Nacos console shows it: public by an empty id, as clients send its tenant. */
function consoleNamespaceOf(namespace: Namespace) {
  const isPublic = namespace.namespaceId === publicNamespace;
  return {
    namespace: isPublic ? '' : namespace.namespaceId,
    namespaceShowName: namespace.name,
    namespaceDesc: namespace.description,
    quota,
    configCount: namespace.configCount,
    type: isPublic ? 0 : 2,
  };
}

const illegal = (text: string) => new NacosRefusal(400, nacosErrorCodes.illegalNamespace, text);

/** What Nacos's console namespace endpoints do, once, for v1 and v2; changes are audited under the back-office's grants. */
export class NamespaceOperations {
  constructor(private readonly namespaces: NamespaceService) {}

  async list() {
    return (await this.namespaces.list()).map(consoleNamespaceOf);
  }

  private async existing(namespaceId: string): Promise<Namespace> {
    const namespace = await this.namespaces.named(namespaceId || publicNamespace);
    if (!namespace) throw new NacosRefusal(404, nacosErrorCodes.namespaceNotExist, `namespaceId [ ${namespaceId} ] not exist`);
    return namespace;
  }

  /** Whether an id is taken, as the console asks before it offers a custom id. */
  async exists(namespaceId: string): Promise<boolean> {
    return namespaceId !== '' && (await this.namespaces.named(namespaceId)) !== undefined;
  }

  async detail(namespaceId: string) {
    return consoleNamespaceOf(await this.existing(namespaceId));
  }

  private checkName(name: string) {
    if (!namePattern.test(name)) throw illegal(`namespaceName [${name}] contains illegal char`);
  }

  /** Creates a namespace; a blank id is a new UUID, as Nacos makes one. */
  async create(caller: Caller, input: NamespaceWrite): Promise<true> {
    const namespaceId = input.namespaceId.trim() || randomUUID();
    if (!idPattern.test(namespaceId)) throw illegal(`namespaceId [${namespaceId}] mismatch the pattern`);
    if (namespaceId.length > maxIdLength) throw illegal(`too long namespaceId, over ${maxIdLength}`);
    if (await this.namespaces.named(namespaceId)) throw illegal(`the namespaceId is existed, namespaceId: ${namespaceId}`);
    this.checkName(input.name);
    await this.namespaces.create(caller, { namespaceId, name: input.name, description: input.description });
    return true;
  }

  async edit(caller: Caller, input: NamespaceWrite): Promise<true> {
    this.checkName(input.name);
    const namespace = await this.existing(input.namespaceId);
    await this.namespaces.update(caller, namespace.id, { name: input.name, description: input.description });
    return true;
  }

  /** Removes an empty namespace; one still holding configs or services is refused, as the back-office refuses it. */
  async remove(caller: Caller, namespaceId: string): Promise<true> {
    const namespace = await this.existing(namespaceId);
    await this.namespaces.remove(caller, [namespace.id]);
    return true;
  }
}
