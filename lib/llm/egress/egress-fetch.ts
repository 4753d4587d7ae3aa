import { fetch as undiciFetch } from 'undici';
import type { EgressPolicy } from './egress-policy';
import { pinnedDispatcher } from './pinned-dispatcher';
import { sameOriginRedirects } from './same-origin-redirects';

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * fetch for a URL a user can set (the openai client's `fetch`, the HTTP target): through the
 * pinned dispatcher of `policy`, redirects followed only within the origin.
 */
export function egressFetch(policy: EgressPolicy): Fetch {
  const dispatcher = pinnedDispatcher(policy);
  const once: Fetch = (input, init) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher, redirect: 'manual' }) as unknown as Promise<Response>;
  return sameOriginRedirects(once);
}
