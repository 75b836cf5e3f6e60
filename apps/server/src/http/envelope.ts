import type { Envelope } from '@qiming/shared';

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { code: 200, message, data };
}
