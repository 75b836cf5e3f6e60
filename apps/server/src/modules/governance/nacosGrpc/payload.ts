import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

/** A Payload as `@grpc/proto-loader` hands it over: the body's JSON bytes sit in `body.value`. */
export interface WirePayload {
  metadata?: { type?: string; clientIp?: string; headers?: Record<string, string> } | null;
  body?: { type_url?: string; value?: Buffer | Uint8Array } | null;
}

/** Nacos's result codes and the error codes its server answers with (NacosException). */
export const resultCodes = { success: 200, fail: 500 } as const;
export const errorCodes = {
  invalidParam: 400,
  noRight: 403,
  notFound: 404,
  serverError: 500,
  badGateway: 502,
  unregistered: 301,
  noHandler: 302,
  configNotFound: 300,
} as const;

export type Body = Record<string, unknown>;

/**
 * A server push encoded once for every connection it goes to: a change told to 10,000 listeners is one
 * JSON and one protobuf encoding, not 10,000. Its request id is the change's, as the server ignores the
 * clients' acknowledgements.
 */
export class EncodedPayload {
  private static pushes = 0;
  readonly bytes: Buffer;

  constructor(type: string, body: Body) {
    EncodedPayload.pushes += 1;
    const payload = payloadOf(type, { ...body, requestId: String(EncodedPayload.pushes), headers: {}, module: 'internal' });
    this.bytes = encodePush(payload);
  }
}

type Serialize = (value: unknown) => Buffer;
let encodePush: Serialize = () => {
  throw new Error('the Nacos gRPC services are not loaded');
};

/** The two services of `nacosGrpc.proto`, loaded once; the stream writes an EncodedPayload as the bytes it holds. */
export function loadNacosServices() {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nacosGrpc.proto');
  const definition = protoLoader.loadSync(file, { keepCase: true, defaults: true, longs: String });
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    Request: grpc.ServiceClientConstructor;
    BiRequestStream: grpc.ServiceClientConstructor;
  };
  const stream = loaded.BiRequestStream.service.requestBiStream as grpc.MethodDefinition<unknown, unknown>;
  const serialize = stream.responseSerialize as Serialize;
  encodePush = serialize;
  const biRequestStream = {
    requestBiStream: {
      ...stream,
      responseSerialize: (value: unknown) => (value instanceof EncodedPayload ? value.bytes : serialize(value)),
    },
  };
  return { request: loaded.Request.service, biRequestStream, clients: loaded };
}

/** A Payload of `type` whose body is `body` as JSON, the way Nacos's GrpcUtils writes one. */
export function payloadOf(type: string, body: Body, headers: Record<string, string> = {}): WirePayload {
  return { metadata: { type, clientIp: '', headers }, body: { type_url: '', value: Buffer.from(JSON.stringify(body), 'utf8') } };
}

export class BadPayload extends Error {}

/** The body of a Payload as a JSON object; a body that is not one is the caller's mistake, never a crash. */
export function bodyOf(payload: WirePayload): Body {
  const bytes = payload.body?.value;
  if (!bytes || bytes.length === 0) throw new BadPayload('Request body is empty');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch (error) {
    throw new BadPayload(`Invalid JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BadPayload('Request body is not a JSON object');
  return parsed as Body;
}

/** A successful response body with Nacos's common fields. */
export function success(requestId: unknown, fields: Body = {}): Body {
  return { resultCode: resultCodes.success, errorCode: 0, message: null, requestId: stringOr(requestId), success: true, ...fields };
}

/** A failed response body: result code 500 and the error code that says why, as Response.setErrorInfo does. */
export function failure(requestId: unknown, errorCode: number, message: string, fields: Body = {}): Body {
  return { ...fields, resultCode: resultCodes.fail, errorCode, message, requestId: stringOr(requestId), success: false };
}

function stringOr(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
