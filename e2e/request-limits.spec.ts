import { expect, test } from '@playwright/test';

// Through the real server: the proxy refuses a server action over 1 MB, the sign-in route a body over 64 KB.
test('a server action body over 1 MB gets 413 and a text the page can show, not a 500', async ({ request }) => {
  const res = await request.post('/metrics/new', {
    headers: { 'next-action': '0'.repeat(42), 'content-type': 'text/plain;charset=UTF-8' },
    data: 'x'.repeat(2 * 1024 * 1024),
  });
  expect(res.status()).toBe(413);
  expect(res.headers()['content-type']).toBe('text/plain');
  expect(await res.text()).toMatch(/more than 1 MB, the most a form may send; nothing was saved/);
});

test('a sign-in body over 64 KB gets 413 with a JSON error', async ({ request }) => {
  const res = await request.post('/api/auth/sign-in/email', {
    headers: { 'content-type': 'application/json' },
    data: JSON.stringify({ email: 'admin@e2e.test', password: 'p'.repeat(200 * 1024) }),
  });
  expect(res.status()).toBe(413);
  expect((await res.json()).error).toMatchObject({ code: 'TOO_LARGE' });
});
