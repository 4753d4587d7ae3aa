import { notFound } from 'next/navigation';
import { isAppError } from '../errors';

/** Awaits a query; its NOT_FOUND AppError becomes Next's 404 page. */
export async function orNotFound<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
}
