import { isRole, SERVICE_ID, type Role } from './roles';

/** Who a request acts as. */
export interface Principal {
  /** The user's id; 'service' for TURNWISE_API_KEY; 'local' with TURNWISE_AUTH=off. */
  id: string;
  email: string;
  name: string;
  role: Role;
  via: 'session' | 'api-key' | 'service-key' | 'auth-off';
}

/** With TURNWISE_AUTH=off everyone is this one admin. */
export const LOCAL_PRINCIPAL: Principal = { id: 'local', email: 'local', name: 'Local user', role: 'admin', via: 'auth-off' };

/** TURNWISE_API_KEY: scripts and CI, with an editor's rights (it starts runs; it manages no users). */
export const SERVICE_PRINCIPAL: Principal = { id: SERVICE_ID, email: 'service key', name: 'Service key', role: 'editor', via: 'service-key' };

export function principalOf(user: { id: string; email: string; name: string; role?: unknown }, via: Principal['via']): Principal {
  return { id: user.id, email: user.email, name: user.name, role: isRole(user.role) ? user.role : 'viewer', via };
}

/** The id stored as createdById: null for the service key and the local user, which are no rows. */
export const ownerIdOf = (principal: Principal | null | undefined): string | null =>
  principal && (principal.via === 'session' || principal.via === 'api-key') ? principal.id : null;
