import { notFound } from 'next/navigation';
import { isAppError } from '@/lib/errors';

/** A query's result, or the route's 404 page when the query says the record does not exist. */
export const orNotFound = <T,>(query: Promise<T>): Promise<T> =>
  query.catch((e: unknown) => (isAppError(e) && e.code === 'NOT_FOUND' ? notFound() : Promise.reject(e)));
