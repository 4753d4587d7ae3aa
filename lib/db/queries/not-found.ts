import { AppError } from '../../errors';

export const notFound = (entity: string, id: string): AppError =>
  new AppError('NOT_FOUND', `${entity} ${id} was not found`, { entity, id });
