'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ComponentProps } from 'react';
import { DEFAULT_PROJECT_SLUG } from '@/lib/identity/project';
import { projectOfPath, projectPath } from '@/lib/nav/project-path';

/** The slug of the project of the page the browser shows ("default" on its short URLs and on pages of no project). */
export function useProjectSlug(): string {
  return projectOfPath(usePathname() ?? '/')?.slug ?? DEFAULT_PROJECT_SLUG;
}

/** The href in the project of the page the browser shows (lib/nav/project-path.ts). */
export function useProjectHref(): (href: string) => string {
  const slug = useProjectSlug();
  return (href) => projectPath(slug, href);
}

/**
 * next/link in the project of the page it is on: a link to a project page stays in that
 * project (/p/<slug>/…; the short URL in "default"), so a shared link never opens another
 * project's page of the same name.
 */
export default function ProjectLink({ href, ...props }: ComponentProps<typeof Link>) {
  const slug = useProjectSlug();
  return <Link href={typeof href === 'string' ? projectPath(slug, href) : href} {...props} />;
}

/** `href` in the project of the page the browser shows, outside render (an upload, a poll started by an effect). */
export function inCurrentProject(href: string): string {
  const pathname = typeof window === 'undefined' ? '/' : window.location.pathname;
  return projectPath(projectOfPath(pathname)?.slug ?? DEFAULT_PROJECT_SLUG, href);
}
