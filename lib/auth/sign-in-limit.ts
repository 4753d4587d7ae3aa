/**
 * Failed-guess brake per email address, beside better-auth's own limiter (per IP and path):
 * one address tried from many IPs is slowed down as well. In memory: one web process serves
 * sign-ins, and a restart forgets at most a minute of attempts.
 */
export interface SignInLimit {
  /** Seconds to wait before `email` may try again; 0 when it may try now (the try is counted). */
  take(email: string, now?: number): number;
  reset(): void;
}

export function createSignInLimit({ max, windowMs }: { max: number; windowMs: number }): SignInLimit {
  const tries = new Map<string, number[]>();
  return {
    take(email, now = Date.now()) {
      const key = email.trim().toLowerCase();
      const recent = (tries.get(key) ?? []).filter((at) => now - at < windowMs);
      if (recent.length >= max) {
        tries.set(key, recent);
        return Math.max(1, Math.ceil((recent[0] + windowMs - now) / 1000));
      }
      recent.push(now);
      tries.set(key, recent);
      if (tries.size > 50_000) tries.delete(tries.keys().next().value as string);
      return 0;
    },
    reset() {
      tries.clear();
    },
  };
}

/** Sign-in attempts per email address and per IP: 10 a minute each. */
export const SIGN_IN_LIMIT = { max: 10, windowSeconds: 60 };
