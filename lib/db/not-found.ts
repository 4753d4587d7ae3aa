import { AppError } from '../errors';

/** An id as an error echoes it: a long one (no real id is) is cut. */
const shown = (id: string) => (id.length > 64 ? `${id.slice(0, 64)}… (${id.length.toLocaleString('en-US')} characters)` : id);

export const notFound = (entity: string, id: string): AppError =>
  new AppError('NOT_FOUND', `${entity} ${shown(id)} was not found`, { entity, id: shown(id) });
