import { createHash } from 'node:crypto';

/**
 * The per-email brake, beside better-auth's own limiter (per IP and path): one address guessed
 * from many IPs is slowed down too. It slows, never locks: the first FREE_TRIES attempts go at
 * once, then each further attempt waits twice as long as the one before, up to MAX_DELAY; a
 * correct password starts the count again. Attempts, not failures, are counted, so a burst of
 * parallel guesses gets no more tries than a sequence. A device that signed in as that user
 * before (the known-device cookie, lib/auth/auth.ts) is not braked at all, so somebody hammering
 * an address cannot keep its owner out. In memory: one web process serves sign-ins, and a restart
 * forgets the counts.
 */
export interface SignInBrake {
  /** Seconds before `email` may be tried again; 0 when it may be tried now (the try is counted). */
  take(email: string, now?: number): number;
  /** A correct password for `email`: its count starts again. */
  succeeded(email: string): void;
  reset(): void;
}

export const SIGN_IN_BRAKE = { freeTries: 5, firstDelayMs: 1_000, maxDelayMs: 30_000, forgetAfterMs: 15 * 60_000 };

const keyOf = (email: string) => email.trim().toLowerCase();

/** How long the attempt after `attempts` attempts waits: nothing for the free ones, then 1 s, 2 s, 4 s … up to the cap. */
export function brakeDelayMs(attempts: number, settings = SIGN_IN_BRAKE): number {
  if (attempts < settings.freeTries) return 0;
  return Math.min(settings.maxDelayMs, settings.firstDelayMs * 2 ** Math.min(30, attempts - settings.freeTries));
}

export function createSignInBrake(settings = SIGN_IN_BRAKE): SignInBrake {
  const state = new Map<string, { attempts: number; lastAt: number }>();
  return {
    take(email, now = Date.now()) {
      const key = keyOf(email);
      let entry = state.get(key);
      if (entry && now - entry.lastAt > settings.forgetAfterMs) entry = undefined;
      if (entry) {
        const readyAt = entry.lastAt + brakeDelayMs(entry.attempts, settings);
        if (now < readyAt) return Math.max(1, Math.ceil((readyAt - now) / 1000));
      }
      state.delete(key);
      state.set(key, { attempts: (entry?.attempts ?? 0) + 1, lastAt: now });
      if (state.size > 50_000) state.delete(state.keys().next().value as string);
      return 0;
    },
    succeeded(email) {
      state.delete(keyOf(email));
    },
    reset() {
      state.clear();
    },
  };
}

/** Sign-in attempts per IP address: 10 a minute (better-auth's limiter, from the socket's address). */
export const SIGN_IN_IP_LIMIT = { max: 10, windowSeconds: 60 };

/** The known-device cookie: set on a successful sign-in, signed, naming the user by a digest of the address. */
export const KNOWN_DEVICE_COOKIE = { name: 'turnwise.known_device', maxAgeSeconds: 60 * 60 * 24 * 365 };
export const deviceToken = (email: string): string => createHash('sha256').update(`turnwise-known-device:${keyOf(email)}`).digest('base64url').slice(0, 32);
