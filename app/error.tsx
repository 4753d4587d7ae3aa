'use client';

import Link from '@/components/ui/project-link';
import { useEffect } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { ACTION_TOO_LARGE_MESSAGE } from '@/lib/http/action-body-limit';

/** A page that failed on the server: the details are in the server's log, not shown here. */
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  // The proxy's 413 for a form over 1 MB: its text says what to do.
  const tooLarge = error.message === ACTION_TOO_LARGE_MESSAGE;
  return (
    <section role="alert" className="mx-auto max-w-xl space-y-4 py-12 text-center">
      <p className="text-sm font-semibold tracking-wide text-rose-700">Error</p>
      <h1 className="text-2xl font-semibold text-slate-900">{tooLarge ? 'The form was too large to send' : 'This page could not be shown'}</h1>
      <p className="text-sm text-slate-600">
        {tooLarge ? ACTION_TOO_LARGE_MESSAGE : `Something went wrong on the server; its log has the details${error.digest ? ` (reference ${error.digest})` : ''}.`}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="primary" onClick={reset}>
          Try again
        </Button>
        <Link href="/" className={buttonClass('secondary')}>
          Home
        </Link>
      </div>
    </section>
  );
}
