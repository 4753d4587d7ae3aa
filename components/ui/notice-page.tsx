import Link from '@/components/ui/project-link';
import type { ReactNode } from 'react';
import { buttonClass } from './button';

/** A page-sized notice (nothing here, or something went wrong) with the ways on from it. */
export function NoticePage({ code, title, children, links }: { code?: string; title: string; children?: ReactNode; links: { href: string; label: string }[] }) {
  return (
    <section className="mx-auto max-w-xl space-y-4 py-12 text-center">
      {code ? <p className="text-sm font-semibold tracking-wide text-indigo-700">{code}</p> : null}
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {children ? <div className="text-sm text-slate-600">{children}</div> : null}
      <div className="flex flex-wrap justify-center gap-2">
        {links.map((l, i) => (
          <Link key={l.href} href={l.href} className={buttonClass(i === 0 ? 'primary' : 'secondary')}>
            {l.label}
          </Link>
        ))}
      </div>
    </section>
  );
}
