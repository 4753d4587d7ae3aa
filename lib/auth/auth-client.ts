'use client';

import { createAuthClient } from 'better-auth/react';

/** better-auth's browser client: sign-in posts to /api/auth, which sets the httpOnly session cookie. */
export const authClient = createAuthClient();
