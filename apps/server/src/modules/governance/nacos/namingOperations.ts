import type { z } from 'zod';
import type { Caller } from '../../../http/caller.ts';
import { badRequest } from '../../../http/errors.ts';
import { type NamespaceService, namespaceOf } from '../namespaces/namespaceService.ts';
import { heartbeatOf, type RegistryService } from '../registry/registryService.ts';
import { KnownBeats } from './knownBeats.ts';
import { NacosRefusal, nacosErrorCodes } from './nacosRefusal.ts';
import { type beatParams, defaultCluster, splitServiceName } from './namingSchemas.ts';

/** How often clients re-read an instance list they subscribe to. */
const cacheMillis = 3_000;

interface ServiceParams {
  namespaceId: string;
  serviceName: string;
  groupName: string;
}

interface AddressParams extends ServiceParams {
  clusterName: string;
  ip: string;
  port: number;
}

export interface InstanceParams extends AddressParams {
  weight: number;
  healthy: boolean;
  enable: boolean;
  enabled?: boolean;
  ephemeral: boolean;
  metadata: Record<string, string>;
}

export interface ServiceWrite extends ServiceParams {
  protectThreshold: number;
  metadata: Record<string, string>;
}

/** A beat's parameters, as the beat schema reads them. */
export type BeatParams = z.infer<typeof beatParams>;

/** What Nacos answers a beat, v1 and v2 alike. */
export interface BeatAnswer {
  clientBeatInterval: number;
  code: number;
  lightBeatEnabled: boolean;
}

type Name = { namespaceId: string; groupName: string; serviceName: string };

const grouped = (name: Name) => `${name.groupName}@@${name.serviceName}`;
const instanceIdOf = (instance: { ip: string; port: number; clusterName: string }, name: Name) =>
  `${instance.ip}#${instance.port}#${instance.clusterName}#${grouped(name)}`;

/**
 * What Nacos's naming endpoints do, once: the v1 routes answer the results as they are, the v2 routes
 * inside `{code, message, data}`. Refusals are NacosRefusals in Nacos's words.
 */
export class NamingOperations {
  private readonly knownBeats = new KnownBeats<BeatAnswer>();

  constructor(
    private readonly registry: RegistryService,
    private readonly namespaces: NamespaceService,
  ) {}

  /** `group@@name` or the name and group apart; the namespace need not exist (a beat checks it later). */
  nameOf(params: ServiceParams): Name {
    const name = splitServiceName(params.serviceName, params.groupName);
    if (!name) throw badRequest('error.badInput', { field: 'serviceName', reason: params.serviceName });
    return { namespaceId: namespaceOf(params.namespaceId), ...name };
  }

  async serviceOf(params: ServiceParams): Promise<Name> {
    const name = this.nameOf(params);
    await this.namespaces.requireExisting(name.namespaceId);
    return name;
  }

  /** The stored instance at an address, undefined when none. */
  async instanceAt(params: AddressParams) {
    const service = await this.serviceOf(params);
    const { instances } = await this.registry.instancesOf(service, [params.clusterName]);
    return { service, instance: instances.find((instance) => instance.ip === params.ip && instance.port === params.port) };
  }

  /** Stores an instance as given; `kept` holds what an update leaves as it was. */
  private async store(service: Name, params: InstanceParams, kept?: { healthy: boolean; ephemeral: boolean }): Promise<void> {
    await this.registry.register({
      service,
      clusterName: params.clusterName,
      ip: params.ip,
      port: params.port,
      weight: params.weight,
      healthy: kept?.healthy ?? params.healthy,
      enabled: params.enabled ?? params.enable,
      ephemeral: kept?.ephemeral ?? params.ephemeral,
      metadata: params.metadata,
    });
  }

  async register(params: InstanceParams): Promise<void> {
    await this.store(await this.serviceOf(params), params);
  }

  /** Replaces weight, enabled and metadata of a registered instance, as Nacos's update does; its health stays. */
  async update(params: InstanceParams): Promise<void> {
    const { service, instance } = await this.instanceAt(params);
    if (!instance) throw new NacosRefusal(400, nacosErrorCodes.instanceNotFound, `instance not exist: ${params.ip}:${params.port}`);
    await this.store(service, params, instance);
  }

  async deregister(params: AddressParams): Promise<void> {
    await this.registry.deregister(await this.serviceOf(params), { clusterName: params.clusterName, ip: params.ip, port: params.port });
  }

  async instanceDetail(params: AddressParams) {
    const { service, instance } = await this.instanceAt(params);
    // InstanceOperatorClientImpl's code and text for an address holding no instance.
    if (!instance) throw new NacosRefusal(404, nacosErrorCodes.resourceNotFound, 'no matched ip found!');
    return {
      service: grouped(service),
      ip: instance.ip,
      port: instance.port,
      clusterName: instance.clusterName || defaultCluster,
      weight: instance.weight,
      healthy: instance.healthy,
      instanceId: instanceIdOf(instance, service),
      metadata: instance.metadata,
      enabled: instance.enabled,
      ephemeral: instance.ephemeral,
    };
  }

  /** Nacos's ServiceInfo: the instances a client uses, every one below the protect threshold. */
  async serviceInfo(params: ServiceParams & { clusters: string; healthyOnly: boolean }) {
    const service = await this.serviceOf(params);
    const clusters = params.clusters
      .split(',')
      .map((cluster) => cluster.trim())
      .filter((cluster) => cluster !== '');
    const { instances, protectThreshold } = await this.registry.instancesOf(service, clusters);
    const healthy = instances.filter((instance) => instance.healthy);
    // Below the protect threshold every instance is served, so that the healthy few are not flooded.
    const protect = instances.length > 0 && healthy.length / instances.length <= protectThreshold;
    const served = params.healthyOnly && !protect ? healthy : instances;
    return {
      name: grouped(service),
      groupName: service.groupName,
      clusters: params.clusters,
      cacheMillis,
      lastRefTime: Date.now(),
      checksum: '',
      allIPs: false,
      reachProtectionThreshold: protect,
      valid: true,
      hosts: served.map((instance) => ({
        instanceId: instanceIdOf(instance, service),
        ip: instance.ip,
        port: instance.port,
        weight: instance.weight,
        healthy: instance.healthy,
        enabled: instance.enabled,
        valid: instance.healthy,
        marked: false,
        ephemeral: instance.ephemeral,
        clusterName: instance.clusterName || defaultCluster,
        serviceName: grouped(service),
        metadata: instance.metadata,
        instanceHeartBeatInterval: instance.beatInterval,
        instanceHeartBeatTimeOut: instance.beatTimeout,
        ipDeleteTimeout: instance.deleteTimeout,
      })),
    };
  }

  /**
   * A beat as its route received it (query and form parameters together), with the beat JSON or
   * (Nacos's light beat) naming the instance by its address. A full beat sent exactly as one answered
   * before renews its instance in memory and gets the same answer at once, without a promise (see
   * KnownBeats); any other is read with `parse`, which refuses bad parameters.
   */
  beat(sent: Record<string, unknown>, parse: () => BeatParams): BeatAnswer | Promise<BeatAnswer> {
    const signature = this.knownBeats.signature(sent);
    const known = signature === undefined ? undefined : this.knownBeats.get(signature);
    if (known && this.registry.renew(known.renewal)) return known.answer;
    return this.parsedBeat(signature, parse);
  }

  private async parsedBeat(signature: string | undefined, parse: () => BeatParams): Promise<BeatAnswer> {
    const params = parse();
    if (!params.beat) return this.lightBeat(params);
    const { renewal, interval } = await this.fullBeat(params, params.beat);
    const answer = { clientBeatInterval: interval, code: 10200, lightBeatEnabled: false };
    if (signature !== undefined) this.knownBeats.remember(signature, { renewal, answer });
    return answer;
  }

  private async lightBeat(params: BeatParams): Promise<BeatAnswer> {
    if (params.ip === undefined || params.port === undefined) throw badRequest('error.badInput', { field: 'beat', reason: 'ip, port' });
    const service = await this.serviceOf(params);
    const address = { service, clusterName: params.clusterName, ip: params.ip, port: params.port };
    const known = await this.registry.lightBeat(address);
    // Nacos answers 20404 so that the client registers the instance again.
    return { clientBeatInterval: heartbeatOf({}).beatInterval, code: known ? 10200 : 20404, lightBeatEnabled: true };
  }

  private fullBeat(params: BeatParams, beat: NonNullable<BeatParams['beat']>) {
    const service = this.nameOf({ ...params, serviceName: beat.serviceName || params.serviceName });
    return this.registry.beat(
      {
        service,
        clusterName: beat.cluster,
        ip: beat.ip,
        port: beat.port,
        weight: beat.weight,
        healthy: true,
        enabled: true,
        ephemeral: true,
        metadata: beat.metadata,
      },
      () => this.namespaces.requireExisting(service.namespaceId),
    );
  }

  private async storedService(params: ServiceParams) {
    const name = await this.serviceOf(params);
    const service = await this.registry.serviceNamed(name);
    if (!service) {
      const text = `service not found, namespace: ${name.namespaceId}, serviceName: ${grouped(name)}`;
      throw new NacosRefusal(400, nacosErrorCodes.serviceNotExist, text);
    }
    return { name, service };
  }

  /** A service with the clusters its instances are in. */
  async serviceDetail(params: ServiceParams) {
    const { name, service } = await this.storedService(params);
    const { instances } = await this.registry.instancesOf(name, []);
    const clusters = [...new Set(instances.map((instance) => instance.clusterName || defaultCluster))].sort();
    return {
      namespaceId: name.namespaceId,
      groupName: service.groupName,
      name: service.serviceName,
      protectThreshold: service.protectThreshold,
      metadata: service.metadata,
      selector: { type: 'none' },
      clusters: clusters.map((cluster) => ({ name: cluster, healthChecker: { type: 'TCP' }, metadata: {} })),
    };
  }

  async createService(caller: Caller, params: ServiceWrite): Promise<void> {
    const name = await this.serviceOf(params);
    if (await this.registry.serviceNamed(name)) {
      throw new NacosRefusal(400, nacosErrorCodes.serviceAlreadyExist, `specified service ${grouped(name)} already exists!`);
    }
    await this.registry.createService(caller, name.namespaceId, {
      ...name,
      protectThreshold: params.protectThreshold,
      metadata: params.metadata,
    });
  }

  async updateService(caller: Caller, params: ServiceWrite): Promise<void> {
    const { name, service } = await this.storedService(params);
    await this.registry.updateService(caller, name.namespaceId, service.id, {
      ...name,
      protectThreshold: params.protectThreshold,
      metadata: params.metadata,
    });
  }

  async removeService(caller: Caller, params: ServiceParams): Promise<void> {
    const { name, service } = await this.storedService(params);
    if (service.instanceCount > 0) {
      const text = `Service ${grouped(name)} is not empty, can't be delete. Please unregister instance first`;
      throw new NacosRefusal(400, nacosErrorCodes.serviceDeleteFailure, text);
    }
    await this.registry.removeServices(caller, name.namespaceId, [service.id]);
  }

  async serviceNames(params: { namespaceId: string; groupName: string; pageNo: number; pageSize: number }) {
    const namespaceId = await this.namespaces.requireExisting(namespaceOf(params.namespaceId));
    return this.registry.serviceNames(namespaceId, params.groupName || 'DEFAULT_GROUP', params.pageNo, params.pageSize);
  }

  /**
   * Sets a persistent instance's health. Qiming runs no health checker on persistent instances (Nacos's
   * check type NONE), so the API decides; an ephemeral instance's health follows its beats and stays.
   */
  async setHealth(params: AddressParams & { healthy?: boolean }): Promise<void> {
    if (params.healthy === undefined) throw new NacosRefusal(400, nacosErrorCodes.healthyParamMiss, "Param 'healthy' is required.");
    const name = await this.serviceOf(params);
    if (!(await this.registry.serviceNamed(name))) {
      const text = `health check is still working, service: ${grouped(name)}, cluster: ${params.clusterName}`;
      throw new NacosRefusal(400, nacosErrorCodes.parameterValidateError, text);
    }
    await this.registry.setPersistentHealth(name, { clusterName: params.clusterName, ip: params.ip, port: params.port }, params.healthy);
  }

  /**
   * Adds or removes metadata on the listed instances of a service (all of them when none is listed) of
   * one consistency type; answers `ip:port:unknown:cluster:ephemeral|persistent` for each, as Nacos.
   */
  async changeMetadata(
    params: ServiceParams & {
      consistencyType: 'ephemeral' | 'persistent';
      instances: { ip: string; port: number; clusterName: string }[];
      metadata: Record<string, string>;
    },
    mode: 'merge' | 'remove',
  ) {
    const name = await this.serviceOf(params);
    const ephemeral = params.consistencyType !== 'persistent';
    const listed = new Set(params.instances.map((instance) => `${instance.ip}:${instance.port}:${instance.clusterName}`));
    const changed = await this.registry.changeMetadata(
      name,
      (instance) =>
        instance.ephemeral === ephemeral && (listed.size === 0 || listed.has(`${instance.ip}:${instance.port}:${instance.clusterName}`)),
      params.metadata,
      mode,
    );
    const kind = ephemeral ? 'ephemeral' : 'persistent';
    return { updated: changed.map((instance) => `${instance.ip}:${instance.port}:unknown:${instance.clusterName}:${kind}`) };
  }
}
