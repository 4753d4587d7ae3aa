// The HTTP error translator lives in lib/http (the dashboard's routes use it too); kept for existing imports.
export { apiError, errorResponse, fieldOf, validationError, type ApiErrorBody, type ApiErrorCode } from '../http/errors';
