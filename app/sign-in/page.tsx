import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { SignInForm } from '@/components/auth/sign-in-form';
import { signInPageState } from '@/lib/auth/sign-in-page-state';
import { safeNext } from '@/lib/auth/safe-next';

export const metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const next = safeNext((await searchParams).next);
  const state = await signInPageState();
  if (state.kind === 'setup') redirect('/setup');
  if (state.kind === 'signed-in') redirect(next);
  return (
    <AuthCard title="Sign in to Turnwise">
      <SignInForm next={next} oidcName={state.oidcName} />
    </AuthCard>
  );
}
