'use client';

import Link from '@/components/ui/project-link';
import { usePathname } from 'next/navigation';
import { projectOfPath } from '@/lib/nav/project-path';
import { isCurrentSection, sectionsFor } from '@/lib/nav/sections';

/** The top bar's sections; the one the page belongs to is marked for eyes and screen readers. None on setup and sign-in. */
export function NavLinks() {
  const full = usePathname() ?? '/';
  const pathname = projectOfPath(full)?.path ?? full;
  const sections = sectionsFor(pathname);
  if (sections.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 xl:gap-x-5">
      {sections.map(({ href, label }) => {
        const current = isCurrentSection(pathname, href);
        return (
          <li key={href}>
            <Link
              href={href}
              aria-current={current ? 'page' : undefined}
              className={current ? 'font-medium text-indigo-700 underline underline-offset-4' : 'text-slate-600 hover:text-slate-900'}
            >
              {label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
