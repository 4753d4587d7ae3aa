import Link from '@/components/ui/project-link';
import { signOutAction } from '@/lib/actions/session';
import { currentActor, currentPagePrincipal, currentProjects } from '@/lib/auth/session';

/** The header's right side: who is signed in, the instance pages for instance admins, the project's settings for its admins, sign-out. */
export async function UserMenu() {
  const actor = await currentActor();
  if (!actor) return null;
  const [principal, projects] = await Promise.all([currentPagePrincipal(), currentProjects()]);
  // One project and an instance admin: the menu it always had (members are given on the Users page).
  const projectSettings = principal?.role === 'admin' && (projects.length > 1 || !actor.instanceAdmin);
  const link = 'text-slate-600 hover:text-slate-900';
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
      {projectSettings ? (
        <Link href="/settings" className={link}>
          Project settings
        </Link>
      ) : null}
      {principal?.role === 'admin' ? (
        <Link href="/settings/connections" className={link}>
          Judge connections
        </Link>
      ) : null}
      {actor.instanceAdmin ? (
        <>
          <Link href="/admin/projects" className={link}>
            Projects
          </Link>
          <Link href="/admin/users" className={link}>
            Users
          </Link>
          <Link href="/admin/redaction" className={link}>
            Personal data
          </Link>
          <Link href="/admin/audit" className={link}>
            Audit
          </Link>
        </>
      ) : null}
      {actor.via === 'auth-off' ? (
        <span className="text-xs text-slate-500">Sign-in is off</span>
      ) : (
        <>
          <Link href="/settings/api-keys" className={link}>
            API keys
          </Link>
          <span className="text-xs text-slate-500" title={`Signed in as ${actor.email}`}>
            {actor.email} · {actor.instanceAdmin ? 'instance admin' : (principal?.role ?? 'no role here')}
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
