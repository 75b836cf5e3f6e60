import { z } from 'zod';

/** A one-time AES-256 key (base64, 60 s) to encrypt the password of one sign-in. */
export const loginKey = z.object({ keyId: z.string(), key: z.string() });
export type LoginKey = z.infer<typeof loginKey>;

/** The OAuth 2 token answer (RFC 6749 section 5.1), bare as OAuth clients read it, not in the envelope. */
export const tokenAnswer = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
});
export type TokenAnswer = z.infer<typeof tokenAnswer>;
