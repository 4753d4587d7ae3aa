import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { UserMenu } from '@/components/auth/user-menu';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Turnwise', template: '%s · Turnwise' },
  description: 'Evaluate LLM chatbots and RAG pipelines conversation by conversation, turn by turn.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <header className="border-b border-slate-200 bg-white">
          <nav className="mx-auto flex max-w-7xl items-center gap-6 px-6 py-3 text-sm">
            <Link href="/" className="text-base font-semibold tracking-tight text-indigo-700">
              Turnwise
            </Link>
            <Link href="/datasets" className="text-slate-600 hover:text-slate-900">
              Datasets
            </Link>
            <Link href="/runs" className="text-slate-600 hover:text-slate-900">
              Runs
            </Link>
            <Link href="/metrics" className="text-slate-600 hover:text-slate-900">
              Metrics
            </Link>
            <Link href="/judges" className="text-slate-600 hover:text-slate-900">
              Judges
            </Link>
            <UserMenu />
          </nav>
        </header>
        <main className="mx-auto max-w-7xl px-6 py-8">{children}</main>
      </body>
    </html>
  );
}
