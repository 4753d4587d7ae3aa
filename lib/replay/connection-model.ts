/**
 * The model a replay form shows once a stored connection is chosen: the one typed when the
 * connection lists it, else the connection's default (the first it lists; the admin page says the
 * first is the default), so Model is never left empty beside a list of models. A connection that
 * lists none keeps what was typed.
 */
export function modelForConnection(typed: string, models: readonly string[]): string {
  if (models.length === 0 || models.includes(typed.trim())) return typed;
  return models[0];
}
