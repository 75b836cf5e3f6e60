import type { Language } from '@qiming/shared';
import type { Caller } from '../../../http/caller.ts';
import type { Connection } from './connections.ts';
import type { Body } from './payload.ts';

/** One request of a registered connection, its sender checked. */
export interface GrpcCall {
  body: Body;
  caller: Caller;
  connection: Connection;
  language: Language;
}

/** Answers a request with the fields of its response beside Nacos's common ones. */
export type GrpcHandler = (call: GrpcCall) => Promise<Body>;
