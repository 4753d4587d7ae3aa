/*
 * A query of a record a project owns takes the project's id and finds only that project's
 * records. Code that works on a record a queue handed it — a worker scoring its run, the close of
 * a run it just scored — passes ANY_PROJECT instead: the record was found in its project when it
 * was made or asked for. Request paths (routes, actions, pages, the CLI) never pass it (lint:
 * no import of ANY_PROJECT there), and the access tests prove a request finds nothing of another
 * project.
 */

/** The scope of a worker's own record: no project filter. */
export const ANY_PROJECT: unique symbol = Symbol('any project');

/** A project's id, or ANY_PROJECT. */
export type ProjectScope = string | typeof ANY_PROJECT;

/** The where clause of a scope: `{ projectId }`, or nothing for ANY_PROJECT. */
export const byProject = (scope: ProjectScope): { projectId?: string } => (scope === ANY_PROJECT ? {} : { projectId: scope });
