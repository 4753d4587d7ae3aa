'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getAuth } from '../auth/auth';
import { authEnabled } from '../auth/auth-env';

/** Ends the session (its row and the cookie) and opens the sign-in page. */
export async function signOutAction(): Promise<void> {
  if (authEnabled()) await getAuth().api.signOut({ headers: await headers() });
  redirect('/sign-in');
}
