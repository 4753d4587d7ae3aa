'use client';

// The alerts pages fail as any other: the message leaks nothing, the server's log has the details.
export { default } from '@/app/error';
