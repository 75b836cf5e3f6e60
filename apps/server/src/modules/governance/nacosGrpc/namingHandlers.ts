import { badRequest } from '../../../http/errors.ts';
import { splitServiceName } from '../nacos/namingSchemas.ts';
import { type NamespaceService, namespaceOf } from '../namespaces/namespaceService.ts';
import type { ClientInstance, RegistryService } from '../registry/registryService.ts';
import type { BoundInstances } from './boundInstances.ts';
import type { GrpcCall, GrpcHandler } from './grpcCall.ts';
import {
  batchInstanceRequest,
  type InstanceBody,
  instanceRequest,
  parsedBody,
  serviceListRequest,
  serviceQueryRequest,
  subscribeServiceRequest,
} from './requestSchemas.ts';
import { listingChecksum, serviceInfoOf } from './serviceInfo.ts';
import type { ServicePushes } from './servicePushes.ts';

type ServiceName = ClientInstance['service'];

/** The naming requests of the Nacos 2 clients, by their type, with the response type each answers. */
export function namingHandlers(
  registry: RegistryService,
  namespaces: NamespaceService,
  bound: BoundInstances,
  pushes: ServicePushes,
): Record<string, { response: string; handle: GrpcHandler }> {
  const serviceOf = async (params: { namespace: string; serviceName: string; groupName: string }): Promise<ServiceName> => {
    const name = splitServiceName(params.serviceName, params.groupName);
    if (!name) throw badRequest('error.badInput', { field: 'serviceName', reason: params.serviceName });
    return { namespaceId: await namespaces.requireExisting(namespaceOf(params.namespace)), ...name };
  };
  const clientInstance = (service: ServiceName, instance: InstanceBody, ephemeral: boolean): ClientInstance => ({
    service,
    clusterName: instance.clusterName,
    ip: instance.ip,
    port: instance.port,
    weight: instance.weight,
    healthy: instance.healthy,
    enabled: instance.enabled,
    ephemeral,
    metadata: instance.metadata,
  });

  /** An ephemeral instance bound to the connection that registers it. */
  const instance = async ({ body, connection, language }: GrpcCall) => {
    const request = parsedBody(instanceRequest, body, language);
    const service = await serviceOf(request);
    const registration = clientInstance(service, request.instance, true);
    if (request.type === 'registerInstance') await bound.register(connection, registration);
    else await bound.deregister(connection, registration);
    await pushes.changed(service);
    return { type: request.type };
  };

  /** A persistent instance: it outlives the connection, until deregistered. */
  const persistentInstance = async ({ body, language }: GrpcCall) => {
    const request = parsedBody(instanceRequest, body, language);
    const service = await serviceOf(request);
    const registration = clientInstance(service, request.instance, false);
    if (request.type === 'registerInstance') await registry.register(registration);
    else await registry.deregister(service, registration);
    await pushes.changed(service);
    return { type: request.type };
  };

  const batchInstance = async ({ body, connection, language }: GrpcCall) => {
    const request = parsedBody(batchInstanceRequest, body, language);
    const service = await serviceOf(request);
    await bound.replaceService(
      connection,
      service,
      request.instances.map((each) => clientInstance(service, each, true)),
    );
    await pushes.changed(service);
    return { type: request.type };
  };

  const serviceQuery = async ({ body, language }: GrpcCall) => {
    const request = parsedBody(serviceQueryRequest, body, language);
    const service = await serviceOf(request);
    const listing = await registry.instancesOf(service, []);
    return { serviceInfo: serviceInfoOf(service, listing, request.cluster, request.healthyOnly, listingChecksum(listing)) };
  };

  const subscribeService = async ({ body, connection, language }: GrpcCall) => {
    const request = parsedBody(subscribeServiceRequest, body, language);
    const service = await serviceOf(request);
    const listing = await registry.instancesOf(service, []);
    const checksum = listingChecksum(listing);
    if (request.subscribe) pushes.subscribe(connection, service, request.clusters, checksum);
    else pushes.unsubscribe(connection, service);
    return { serviceInfo: serviceInfoOf(service, listing, request.clusters, false, checksum) };
  };

  const serviceList = async ({ body, language }: GrpcCall) => {
    const request = parsedBody(serviceListRequest, body, language);
    const namespaceId = await namespaces.requireExisting(namespaceOf(request.namespace));
    const page = await registry.serviceNames(namespaceId, request.groupName || 'DEFAULT_GROUP', request.pageNo, request.pageSize);
    return { count: page.count, serviceNames: page.names };
  };

  return {
    InstanceRequest: { response: 'InstanceResponse', handle: instance },
    PersistentInstanceRequest: { response: 'InstanceResponse', handle: persistentInstance },
    BatchInstanceRequest: { response: 'BatchInstanceResponse', handle: batchInstance },
    ServiceQueryRequest: { response: 'QueryServiceResponse', handle: serviceQuery },
    SubscribeServiceRequest: { response: 'SubscribeServiceResponse', handle: subscribeService },
    ServiceListRequest: { response: 'ServiceListResponse', handle: serviceList },
  };
}
