import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { AppError } from '../errors';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 256-bit key for one purpose, derived from the server secret (HKDF-SHA256). */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'turnwise', purpose, 32));
}

/** AES-256-GCM: base64 of iv + tag + ciphertext. */
export function encryptText(plain: string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The text `encryptText` sealed; a changed secret or a tampered value throws CONFIG. */
export function decryptText(sealed: string, key: Buffer): string {
  const raw = Buffer.from(sealed, 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new AppError('CONFIG', 'A stored key cannot be decrypted: TURNWISE_SECRET (or the data folder\'s turnwise-secret) changed since it was saved; enter the key again');
  }
}

/** "…abcd": all of a key the browser ever sees. */
export const lastFour = (key: string): string => key.slice(-4);
