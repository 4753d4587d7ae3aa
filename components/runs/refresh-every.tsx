'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** Renders the page again from the server every `seconds` (a page waiting for something to arrive). */
export function RefreshEvery({ seconds }: { seconds: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), seconds * 1000);
    return () => clearInterval(timer);
  }, [router, seconds]);
  return null;
}
