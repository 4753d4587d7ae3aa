import type { Metadata } from 'next';
import Link from '@/components/ui/project-link';
import type { ReactNode } from 'react';
import { UserMenu } from '@/components/auth/user-menu';
import { NavLinks } from '@/components/nav/nav-links';
import { ProjectSwitcher } from '@/components/nav/project-switcher';
import { ThemeScript } from '@/components/theme/theme-script';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Turnwise', template: '%s · Turnwise' },
  description: 'Evaluate LLM chatbots and RAG pipelines conversation by conversation, turn by turn.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The theme script sets the `dark` class before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript />
      </head>
      <body className="min-h-screen font-sans">
        <header className="border-b border-slate-200 bg-white">
          <nav aria-label="Main" className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 text-sm sm:px-6">
            <Link href="/" className="text-base font-semibold tracking-tight text-indigo-700">
              Turnwise
            </Link>
            <ProjectSwitcher />
            <NavLinks />
            <div className="ml-auto">
              <UserMenu />
            </div>
          </nav>
        </header>
        <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">{children}</main>
      </body>
    </html>
  );
}
