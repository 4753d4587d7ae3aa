/** Error codes thrown in lib/ and translated once at an action, route or CLI boundary. */
export type AppErrorCode =
  | 'BAD_INPUT'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFIG'
  | 'CONFLICT'
  | 'JUDGE'
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
