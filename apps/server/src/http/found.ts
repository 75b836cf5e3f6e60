import { notFound } from './errors.ts';

/**
 * A record a change has just written, read back for its answer: missing only when another request
 * deleted it in between, which the caller hears as the 404 it would get a moment later anyway.
 */
export function found<T>(record: T | undefined): T {
  if (record === undefined) throw notFound();
  return record;
}
