import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

const APP = 'http://app.example:3000';
/** Where a browser on the app goes when it follows `Location: <next>`. */
const followed = (next: string) => new URL(next, APP);

describe('safeNext', () => {
  it('keeps paths on this site, as the URL parser normalises them', () => {
    expect(safeNext('/runs')).toBe('/runs');
    expect(safeNext('/runs/r1?tab=turns#t3')).toBe('/runs/r1?tab=turns#t3');
    expect(safeNext('/a b')).toBe('/a%20b');
    expect(safeNext('/datasets/../runs')).toBe('/runs');
    expect(safeNext(`${APP}/runs?x=1`, APP)).toBe('/runs?x=1');
  });

  it.each([
    '/\t/evil.example/',
    '/\n/evil.example/',
    '/\r/evil.example/',
    '/\t\\evil.example/',
    '/\\evil.example/',
    '//evil.example/',
    '/.//evil.example/',
    '/..//evil.example/',
    '\t//evil.example',
    'http://evil.example/',
    'https:evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    `${APP.replace('3000', '4360')}/runs`,
  ])('never leaves the site for %j, in the browser’s own reading', (value) => {
    const next = safeNext(value, APP);
    expect(followed(next).origin).toBe(APP);
    expect(next.startsWith('//')).toBe(false);
    expect(next).toBe('/');
  });

  it('gives a value a Location header can carry (no 500 on control characters)', () => {
    for (const value of ['/\n/x', '/ok\r\nSet-Cookie: a=b', '/\u0000x', '/é']) {
      const next = safeNext(value);
      expect(() => new Headers({ location: next })).not.toThrow();
      expect(followed(next).origin).toBe(APP);
    }
  });

  it('falls back to / on anything that is not a usable string', () => {
    for (const value of [undefined, null, 42, ['/runs'], '', 'x'.repeat(5000), '/'.padEnd(3000, 'a')]) expect(safeNext(value)).toBe('/');
  });
});
