'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

const SECTIONS = [
  { href: '/datasets', label: 'Datasets' },
  { href: '/runs', label: 'Runs' },
  { href: '/replays', label: 'Replays' },
  { href: '/compare', label: 'Compare' },
  { href: '/trends', label: 'Trends' },
  { href: '/metrics', label: 'Metrics' },
  { href: '/judges', label: 'Judges' },
];

export function isCurrentSection(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The top bar's sections; the one the page belongs to is marked for eyes and screen readers. */
export function NavLinks() {
  const pathname = usePathname() ?? '/';
  return (
    <ul className="flex flex-wrap items-center gap-x-5 gap-y-1">
      {SECTIONS.map(({ href, label }) => {
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
