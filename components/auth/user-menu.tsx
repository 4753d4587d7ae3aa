import Link from 'next/link';
import { signOutAction } from '@/lib/actions/session';
import { currentPrincipal } from '@/lib/auth/session';

/** The header's right side: who is signed in, the admin pages for admins, sign-out. */
export async function UserMenu() {
  const principal = await currentPrincipal();
  if (!principal) return null;
  const link = 'text-slate-600 hover:text-slate-900';
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
      {principal.role === 'admin' ? (
        <>
          <Link href="/admin/users" className={link}>
            Users
          </Link>
          <Link href="/admin/connections" className={link}>
            Judge connections
          </Link>
          <Link href="/admin/redaction" className={link}>
            Personal data
          </Link>
          <Link href="/admin/audit" className={link}>
            Audit
          </Link>
        </>
      ) : null}
      {principal.via === 'auth-off' ? (
        <span className="text-xs text-slate-500">Sign-in is off</span>
      ) : (
        <>
          <Link href="/settings/api-keys" className={link}>
            API keys
          </Link>
          <span className="text-xs text-slate-500" title={`Signed in as ${principal.email}`}>
            {principal.email} · {principal.role}
          </span>
          <form action={signOutAction}>
            <button type="submit" className="text-slate-600 hover:text-slate-900">
              Sign out
            </button>
          </form>
        </>
      )}
    </div>
  );
}
