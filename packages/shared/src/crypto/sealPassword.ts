import { gcm } from '@noble/ciphers/aes.js';
import { randomBytes, utf8ToBytes } from '@noble/ciphers/utils.js';

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * Seals a password under the one-time sign-in key: `base64(iv[12] || ciphertext || tag[16])`,
 * AES-256-GCM. A pure-JS cipher, because `crypto.subtle` is missing outside secure contexts.
 */
export function sealPassword(keyBase64: string, password: string): string {
  const iv = randomBytes(12);
  const sealed = gcm(fromBase64(keyBase64), iv).encrypt(utf8ToBytes(password));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64(out);
}
