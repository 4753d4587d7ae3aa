// Moved to lib/http, the one place an AppError becomes a page's 404; kept for existing imports.
export { orNotFound } from '@/lib/http/or-not-found';
