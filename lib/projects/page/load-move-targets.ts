import 'server-only';
import { getDb } from '../../db/client';
import type { Principal } from '../../identity/principal';
import { moveTargets } from '../manage-projects';

/** The projects a dataset page offers to move its dataset to: those the viewer administers besides this one (none for a non-admin). */
export const loadMoveTargets = (principal: Principal) => moveTargets(getDb(), principal);
