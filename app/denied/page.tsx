import Link from 'next/link';
import { requirePage } from '@/lib/auth/session';
import { isRole } from '@/lib/identity/roles';

export const metadata = { title: 'Not allowed' };

export default async function DeniedPage({ searchParams }: { searchParams: Promise<{ needs?: string }> }) {
  const me = await requirePage();
  const { needs } = await searchParams;
  const role = isRole(needs) ? needs : 'another';
  return (
    <div className="mx-auto mt-8 max-w-lg rounded-lg border border-amber-200 bg-amber-50 p-6">
      <h1 className="text-lg font-semibold text-amber-900">This page needs the {role} role</h1>
      <p className="mt-2 text-sm text-amber-900">
        You are signed in as {me.email}, {me.role === 'admin' ? 'an' : 'a'} {me.role}. An admin can change your role on the Users page.
      </p>
      <Link href="/" className="mt-4 inline-block text-sm text-indigo-700 hover:underline">
        Back to the overview
      </Link>
    </div>
  );
}
