import type { AppError } from '../errors';
import { busyErrorOf } from './busy-error';
import { unreachableErrorOf } from './passing-error';
import { storageErrorOf } from './storage-error';

/** A database error the user can act on or wait out (busy, out of reach, disk full, read-only) as its AppError; undefined for any other. */
export const databaseErrorOf = (error: unknown): AppError | undefined => busyErrorOf(error) ?? unreachableErrorOf(error) ?? storageErrorOf(error);
