import { describe, expect, it } from 'vitest';
import { classifyAddress } from './classify-address';

describe('classifyAddress', () => {
  it('takes metadata, link-local and unspecified addresses in every written form for what they are', () => {
    for (const [text, address] of [
      ['169.254.169.254', '169.254.169.254'],
      ['::ffff:169.254.169.254', '169.254.169.254'],
      ['::ffff:a9fe:a9fe', '169.254.169.254'],
      ['[::ffff:a9fe:a9fe]', '169.254.169.254'],
      ['64:ff9b::a9fe:a9fe', '169.254.169.254'],
      ['2002:a9fe:a9fe::1', '169.254.169.254'],
      ['fd00:ec2::254', 'fd00:ec2::254'],
      ['fe80::1', 'fe80::1'],
      ['0.0.0.0', '0.0.0.0'],
      ['::', '::'],
      ['100.100.100.200', '100.100.100.200'],
      ['224.0.0.1', '224.0.0.1'],
    ]) {
      expect(classifyAddress(text), text).toMatchObject({ kind: 'metadata', address });
    }
  });

  it('takes loopback and private ranges as internal, and ordinary addresses as public', () => {
    for (const text of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', 'fc00::1', 'fd12:3456::1', '100.64.0.1', '192.0.2.1']) {
      expect(classifyAddress(text)?.kind, text).toBe('internal');
    }
    expect(classifyAddress('127.0.0.1')?.what).toBe('a loopback address');
    for (const text of ['8.8.8.8', '172.32.0.1', '2606:4700::1111']) expect(classifyAddress(text)?.kind, text).toBe('public');
    expect(classifyAddress('api.openai.com')).toBeNull();
  });
});
