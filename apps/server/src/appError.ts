import type { MessageKey, MessageParams } from '@qiming/shared';

/**
 * An error whose message comes from the shared catalogue, answered in the caller's language. A kernel
 * below all others (the cluster throws it when Redis is gone); http/errors.ts turns it into the answer.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    /** Headers the answer carries, such as `retry-after` on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(messageKey);
  }
}
