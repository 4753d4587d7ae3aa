import type { ReactNode } from 'react';
import Link from '@/components/ui/project-link';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { signOutAction } from '@/lib/actions/session';
import { currentActor, currentPagePrincipal, currentProjects } from '@/lib/auth/session';

const item = 'rounded px-2 py-1 text-slate-700 hover:bg-slate-50 hover:text-slate-900';

function MenuLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={item}>
      {children}
    </Link>
  );
}

/**
 * The header's right side: one account menu (who is signed in, the theme, API keys, the project's
 * settings for its admins, the instance pages for instance admins, sign-out), so the header keeps
 * to one line beside eleven sections and the project switcher.
 */
export async function UserMenu() {
  const actor = await currentActor();
  if (!actor) return <ThemeToggle />;
  if (actor.via === 'auth-off') {
    return (
      <div className="flex items-center gap-4">
        <ThemeToggle />
        <span className="text-xs text-slate-500">Sign-in is off</span>
      </div>
    );
  }
  const [principal, projects] = await Promise.all([currentPagePrincipal(), currentProjects()]);
  // One project and an instance admin: the menu it always had (members are given on the Users page).
  const projectSettings = principal?.role === 'admin' && (projects.length > 1 || !actor.instanceAdmin);
  const role = actor.instanceAdmin ? 'instance admin' : (principal?.role ?? 'no role here');
  return (
    <details className="group relative" data-testid="account-menu">
      <summary className="flex max-w-64 cursor-pointer list-none items-center gap-1 rounded-md px-2 py-1 text-slate-600 hover:bg-slate-50 hover:text-slate-900 [&::-webkit-details-marker]:hidden">
        <span className="truncate" title={`Signed in as ${actor.email}`}>
          {actor.email}
        </span>
        <span aria-hidden="true" className="text-slate-400 group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="absolute right-0 z-20 mt-1 flex min-w-56 flex-col gap-0.5 rounded-md border border-slate-200 bg-white p-2 text-sm shadow-lg">
        <p className="px-2 pb-1 text-xs text-slate-500">
          {actor.email} · {role}
        </p>
        <div className="px-2 py-1">
          <ThemeToggle />
        </div>
        <MenuLink href="/settings/api-keys">API keys</MenuLink>
        {projectSettings ? <MenuLink href="/settings">Project settings</MenuLink> : null}
        {principal?.role === 'admin' ? <MenuLink href="/settings/connections">Judge connections</MenuLink> : null}
        {actor.instanceAdmin ? (
          <>
            <MenuLink href="/admin/projects">Projects</MenuLink>
            <MenuLink href="/admin/users">Users</MenuLink>
            <MenuLink href="/admin/redaction">Personal data</MenuLink>
            <MenuLink href="/admin/audit">Audit</MenuLink>
          </>
        ) : null}
        <form action={signOutAction} className="border-t border-slate-100 pt-1">
          <button type="submit" className={`w-full text-left ${item}`}>
            Sign out
          </button>
        </form>
      </div>
    </details>
  );
}
