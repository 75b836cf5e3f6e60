import type { InstanceEdit, ServiceInput } from '@qiming/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { isUniqueViolation } from '../../../db/uniqueViolation.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { recordChange } from '../../audit/recordChange.ts';
import * as instances from './instanceRepo.ts';
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
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.db;
  }

  async register(instance: ClientInstance): Promise<void> {
    const now = this.context.now();
    const serviceId = await services.ensureService(this.db, instance.service, now);
    await instances.upsertInstance(this.db, { serviceId, ...instance, ...heartbeatOf(instance.metadata) }, now);
  }

  /**
   * A beat from an instance nobody knows registers it, as Nacos does, so a restarted registry heals
   * itself; `beforeRegistering` checks what a known instance has already proved (its namespace).
   */
  async beat(instance: ClientInstance, beforeRegistering: () => Promise<unknown>): Promise<number> {
    if (!(await instances.recordBeat(this.db, instance, this.context.now()))) {
      await beforeRegistering();
      await this.register(instance);
    }
    return heartbeatOf(instance.metadata).beatInterval;
  }

  async deregister(name: services.ServiceName, address: Omit<instances.InstanceAddress, 'serviceId'>): Promise<void> {
    const serviceId = await services.findServiceId(this.db, name);
    if (serviceId !== undefined) await instances.deleteInstance(this.db, { serviceId, ...address });
  }

  /** A service's instances and protect threshold, from one lookup of the service; clients read this every few seconds. */
  async instancesOf(name: services.ServiceName, clusters: string[]) {
    const service = await services.findServiceThreshold(this.db, name);
    if (!service) return { protectThreshold: 0, instances: [] };
    return { protectThreshold: service.protectThreshold, instances: await instances.listInstances(this.db, service.id, clusters) };
  }

  serviceNames(namespaceId: string, groupName: string, pageNo: number, pageSize: number) {
    return services.pageServiceNames(this.db, namespaceId, groupName, pageNo, pageSize);
  }

  counts() {
    return services.countAll(this.db);
  }

  async requireService(namespaceId: string, id: number) {
    const service = await services.findService(this.db, namespaceId, id);
    if (!service) throw notFound();
    return service;
  }

  async createService(request: FastifyRequest, namespaceId: string, input: ServiceInput) {
    const startedAt = this.context.now();
    const name = { namespaceId, groupName: input.groupName, serviceName: input.serviceName };
    if ((await services.findServiceId(this.db, name)) !== undefined) throw badRequest('error.duplicateService');
    let id: number;
    try {
      id = await services.insertService(this.db, namespaceId, input, startedAt);
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest('error.duplicateService');
      throw error;
    }
    const after = await this.requireService(namespaceId, id);
    await recordChange(this.context, request, {
      operation: 'registry:add',
      target: `service:${namespaceId}/${input.groupName}@@${input.serviceName}`,
      after,
      startedAt,
    });
    return after;
  }

  /** Name and group identify a service to its clients, so only its threshold and metadata change. */
  async updateService(request: FastifyRequest, namespaceId: string, id: number, input: ServiceInput) {
    const startedAt = this.context.now();
    const before = await this.requireService(namespaceId, id);
    await services.updateService(this.db, id, input, startedAt);
    const after = await this.requireService(namespaceId, id);
    await recordChange(this.context, request, { operation: 'registry:edit', target: `service:${id}`, before, after, startedAt });
    return after;
  }

  async removeServices(request: FastifyRequest, namespaceId: string, ids: number[]) {
    const startedAt = this.context.now();
    const before = [];
    for (const id of ids) {
      const service = await this.requireService(namespaceId, id);
      if (service.instanceCount > 0) throw badRequest('error.serviceHasInstances');
      before.push(service);
    }
    const deleted = await services.deleteServices(this.db, namespaceId, ids);
    await recordChange(this.context, request, {
      operation: 'registry:delete',
      target: `service:${ids.join(',')}`,
      before,
      after: { deleted },
      startedAt,
    });
    return { deleted };
  }

  async editInstance(request: FastifyRequest, namespaceId: string, serviceId: number, id: number, edit: InstanceEdit) {
    const startedAt = this.context.now();
    await this.requireService(namespaceId, serviceId);
    const before = await instances.findInstance(this.db, serviceId, id);
    if (!before) throw notFound();
    await instances.editInstance(this.db, serviceId, id, edit);
    const after = await instances.findInstance(this.db, serviceId, id);
    await recordChange(this.context, request, { operation: 'registry:edit', target: `instance:${id}`, before, after, startedAt });
    return after;
  }

  async deregisterInstances(request: FastifyRequest, namespaceId: string, serviceId: number, ids: number[]) {
    const startedAt = this.context.now();
    await this.requireService(namespaceId, serviceId);
    const deleted = await instances.deleteInstances(this.db, serviceId, ids);
    await recordChange(this.context, request, {
      operation: 'registry:delete',
      target: `instance:${ids.join(',')}`,
      after: { deleted },
      startedAt,
    });
    return { deleted };
  }
}
