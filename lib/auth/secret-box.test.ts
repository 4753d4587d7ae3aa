import { describe, expect, it } from 'vitest';
import { decryptText, deriveKey, encryptText } from './secret-box';

describe('secret box', () => {
  const key = deriveKey('a server secret of enough length for tests', 'judge-connection-keys');

  it('round-trips a key and never stores it in clear', () => {
    const sealed = encryptText('sk-live-1234567890abcd', key);
    expect(sealed).not.toContain('sk-live');
    expect(encryptText('sk-live-1234567890abcd', key)).not.toBe(sealed);
    expect(decryptText(sealed, key)).toBe('sk-live-1234567890abcd');
  });

  it('refuses a value under another secret or tampered with', () => {
    const sealed = encryptText('sk-abc', key);
    expect(() => decryptText(sealed, deriveKey('another secret', 'judge-connection-keys'))).toThrow(/TURNWISE_SECRET/);
    const raw = Buffer.from(sealed, 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => decryptText(raw.toString('base64'), key)).toThrow(/cannot be decrypted/);
  });
});
