import 'server-only';
import { notFound } from 'next/navigation';
import { isAppError } from '../errors';

/** The page boundary: a query's result, or the route's 404 page when the record does not exist. */
export async function orNotFound<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
}
