/** Error codes thrown in lib/ and translated once at an action, route or CLI boundary. */
export type AppErrorCode =
  | 'BAD_INPUT'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFIG'
  | 'CONFLICT'
  /** A body, a file or a value over its documented limit. */
  | 'TOO_LARGE'
  | 'JUDGE'
  /** The database could not take the request in time (another long write): retry later. */
  | 'BUSY'
  /** The database's disk is full: nothing could be stored. */
  | 'DISK_FULL'
  /** The database takes no writes (a read-only file, mount or server). */
  | 'READ_ONLY'
  | 'INTERNAL';

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Where the problem is: file, line, field… */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
