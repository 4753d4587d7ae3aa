/**
 * Who may do what. viewer reads everything; editor also uploads, starts runs, reviews and
 * deletes or cancels what it made; admin also manages users, roles and judge connections and
 * deletes anything.
 */
export const ROLES = ['viewer', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The principal id of TURNWISE_API_KEY (user ids are cuids, never this). */
export const SERVICE_ID = 'service';

const RANK: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 };

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** True when `role` is `needed` or above it. An unknown role (a row edited by hand) is a viewer. */
export function hasRole(role: string, needed: Role): boolean {
  return RANK[isRole(role) ? role : 'viewer'] >= RANK[needed];
}

/**
 * Editors delete and cancel only what they made. A null owner is an item no user owns: made
 * before sign-in or with the service key (TURNWISE_API_KEY), which may change those.
 */
export function mayChange(actor: { id: string; role: string }, createdById: string | null): boolean {
  if (hasRole(actor.role, 'admin')) return true;
  if (actor.id === SERVICE_ID) return createdById === null;
  return hasRole(actor.role, 'editor') && createdById !== null && createdById === actor.id;
}
