'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_PROJECT_SLUG } from '@/lib/identity/project';
import { PROJECT_SECTIONS, projectOfPath, projectPath } from '@/lib/nav/project-path';

export interface SwitcherProject {
  slug: string;
  name: string;
  role: string;
}

/** The section of a project page's path ("/runs" of "/p/x/runs/r1"), to open the same section in another project; the home page otherwise. */
function sectionOf(path: string): string {
  const first = path.split('/')[1] ?? '';
  return (PROJECT_SECTIONS as readonly string[]).includes(first) ? `/${first}` : '/';
}

/** The header's project switcher: the project of this page, and the others the viewer may enter (the same section there). */
export function ProjectMenu({ projects }: { projects: SwitcherProject[] }) {
  const pathname = usePathname() ?? '/';
  const here = projectOfPath(pathname);
  const slug = here?.slug ?? DEFAULT_PROJECT_SLUG;
  const current = projects.find((p) => p.slug === slug);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const section = sectionOf(here?.path ?? '/');
  return (
    <div ref={box} className="relative" data-testid="project-switcher">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        <span className="sr-only">Project: </span>
        {current?.name ?? (here ? slug : 'Projects')}
        <span aria-hidden="true" className="text-slate-400">
          ▾
        </span>
      </button>
      {open ? (
        <ul role="menu" aria-label="Projects" className="absolute left-0 z-20 mt-1 min-w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          {projects.map((p) => (
            <li key={p.slug} role="none">
              <Link
                role="menuitem"
                href={projectPath(p.slug, section)}
                aria-current={p.slug === slug ? 'true' : undefined}
                onClick={() => setOpen(false)}
                className={`flex items-baseline justify-between gap-4 px-3 py-1.5 text-sm hover:bg-slate-50 ${p.slug === slug ? 'font-semibold text-indigo-700' : 'text-slate-700'}`}
              >
                <span>{p.name}</span>
                <span className="text-xs font-normal text-slate-500">{p.role}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
