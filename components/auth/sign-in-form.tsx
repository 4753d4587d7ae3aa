'use client';

import { useState, type FormEvent } from 'react';
import { authClient } from '@/lib/auth/auth-client';
import { safeNext } from '@/lib/auth/safe-next';
import { Button } from '@/components/ui/button';
import { AuthField } from './auth-field';

/** Email and password, and the single sign-on button when OpenID Connect is configured. */
export function SignInForm({ next, oidcName }: { next: string; oidcName: string | null }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const { error } = await authClient.signIn.email({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
    if (error) {
      setPending(false);
      setError(error.status === 429 ? (error.message ?? 'Too many attempts; wait a minute.') : error.status === 401 ? 'Wrong email or password.' : (error.message ?? 'Sign-in failed.'));
      return;
    }
    // A full load: the router's cache holds the signed-out prefetches (redirects to this page).
    window.location.assign(safeNext(next, window.location.origin));
  }

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-4" aria-label="Sign in">
        <AuthField label="Email" name="email" type="email" autoComplete="username" required autoFocus />
        <AuthField label="Password" name="password" type="password" autoComplete="current-password" required />
        {error ? (
          <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="primary" className="w-full" disabled={pending}>
          {pending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      {oidcName ? (
        <Button className="w-full" onClick={() => authClient.signIn.social({ provider: 'oidc', callbackURL: safeNext(next, window.location.origin) })}>
          Sign in with {oidcName}
        </Button>
      ) : null}
    </div>
  );
}
