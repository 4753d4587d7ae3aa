import 'server-only';
import { getDb } from '../../db/client';
import { listConnections } from '../../connections/connection-store';
import { loadJudgesOnOffer } from '../../connections/judges-on-offer';
import { listProjectMembers } from '../../db/queries/projects/project-members';
import type { Principal } from '../../identity/principal';

/** A project's settings page: its members with their roles, and the judge its forms preselect with the connections it stores. */
export async function loadProjectSettings(principal: Principal) {
  const db = getDb();
  const [members, connections, { defaultJudge }] = await Promise.all([
    listProjectMembers(db, principal.project.id),
    listConnections(db, principal.project.id),
    loadJudgesOnOffer(db, principal.project.id, process.env),
  ]);
  return { members, connections: connections.map((c) => ({ id: c.id, name: c.name, isDefault: c.isDefault })), defaultJudge };
}
