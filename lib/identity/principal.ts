import { DEFAULT_PROJECT, type ProjectRef } from './project';
import { isRole, SERVICE_ID, type Role } from './roles';

export type Via = 'session' | 'api-key' | 'service-key' | 'auth-off';

/**
 * Who sent a request, before it is known in which project it acts: a signed-in user, a personal
 * key (which opens its own project alone), TURNWISE_API_KEY, or everyone with TURNWISE_AUTH=off.
 */
export interface Actor {
  /** The user's id; 'service' for TURNWISE_API_KEY; 'local' with TURNWISE_AUTH=off. */
  id: string;
  email: string;
  name: string;
  /** An instance admin: admin of every project, manages users and projects. */
  instanceAdmin: boolean;
  via: Via;
  /** The one project a key opens (a personal key's, or TURNWISE_PROJECT's for the service key); null for a session or sign-in off. */
  keyProjectId: string | null;
}

/** Who a request acts as: an actor in one project, with its role there. */
export interface Principal {
  id: string;
  email: string;
  name: string;
  role: Role;
  via: Via;
  instanceAdmin: boolean;
  project: ProjectRef;
}

/** With TURNWISE_AUTH=off everyone is this one admin, of every project. */
export const LOCAL_ACTOR: Actor = { id: 'local', email: 'local', name: 'Local user', instanceAdmin: true, via: 'auth-off', keyProjectId: null };

/** The local admin in the project "Default" (what a server with sign-in off acts as there). */
export const LOCAL_PRINCIPAL: Principal = { id: 'local', email: 'local', name: 'Local user', role: 'admin', via: 'auth-off', instanceAdmin: true, project: DEFAULT_PROJECT };

/** TURNWISE_API_KEY in the project "Default": scripts and CI, with an editor's rights (it starts runs; it manages nothing). */
export const SERVICE_PRINCIPAL: Principal = { id: SERVICE_ID, email: 'service key', name: 'Service key', role: 'editor', via: 'service-key', instanceAdmin: false, project: DEFAULT_PROJECT };

/** A user row as an actor; `role` "admin" is an instance admin. */
export function actorOf(user: { id: string; email: string; name: string; role?: unknown }, via: Via, keyProjectId: string | null = null): Actor {
  return { id: user.id, email: user.email, name: user.name, instanceAdmin: user.role === 'admin', via, keyProjectId };
}

/** The actor acting in `project` with `role`. */
export function principalOf(actor: Actor, project: ProjectRef, role: Role): Principal {
  return { id: actor.id, email: actor.email, name: actor.name, role, via: actor.via, instanceAdmin: actor.instanceAdmin, project };
}

/** A member's stored role, read as a role: an unknown one (a row edited by hand) is a viewer. */
export const memberRole = (role: unknown): Role => (isRole(role) ? role : 'viewer');

/** The id stored as createdById: null for the service key and the local user, which are no rows. */
export const ownerIdOf = (principal: Pick<Principal, 'id' | 'via'> | null | undefined): string | null =>
  principal && (principal.via === 'session' || principal.via === 'api-key') ? principal.id : null;

/** The actor behind a principal (a key still opens its own project alone). */
export const actorOfPrincipal = (principal: Principal): Actor => ({
  id: principal.id,
  email: principal.email,
  name: principal.name,
  instanceAdmin: principal.instanceAdmin,
  via: principal.via,
  keyProjectId: principal.via === 'api-key' || principal.via === 'service-key' ? principal.project.id : null,
});
