import type { ReactNode } from 'react';

/** The narrow centred card of the sign-in and set-up pages. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto mt-8 max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="text-xl font-semibold">{title}</h1>
      {intro ? <div className="mt-1 text-sm text-slate-600">{intro}</div> : null}
      <div className="mt-5">{children}</div>
    </div>
  );
}
