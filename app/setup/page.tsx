import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/auth/auth-card';
import { SetupForm } from '@/components/auth/setup-form';
import { signInPageState } from '@/lib/auth/sign-in-page-state';

export const metadata = { title: 'Set up' };

export default async function SetupPage() {
  const state = await signInPageState();
  if (state.kind !== 'setup') redirect(state.kind === 'signed-in' ? '/' : '/sign-in');
  return (
    <AuthCard
      title="Welcome to Turnwise"
      intro="This server has no users yet. Create the admin account: it adds the other users, their roles and the judge connections."
    >
      <SetupForm />
    </AuthCard>
  );
}
