'use server';

import { z } from 'zod';
import { actionPrincipal } from '../auth/session';
import { getDb } from '../db/client';
import { recallCsvMapping, type RememberedMapping } from '../imports/recall-csv-mapping';
import { recallThreadOptions, type RememberedThreadOptions } from '../imports/thread-options-memory';
import { failure, type ActionResult } from './action-result';

const headersSchema = z.array(z.string().max(500)).min(1).max(500);

/** The column mapping (and role values) saved by the last import of a CSV with these headers. */
export async function recallCsvMappingAction(headers: string[]): Promise<ActionResult & { remembered?: RememberedMapping | null }> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  const parsed = headersSchema.safeParse(headers);
  if (!parsed.success) return { ok: false, message: 'Those column names could not be read.' };
  try {
    return { ok: true, remembered: await recallCsvMapping(getDb(), who.principal.project.id, parsed.data) };
  } catch (error) {
    return failure(error);
  }
}

/** The thread key and order field saved by the last import of a chat log whose messages have these fields. */
export async function recallThreadOptionsAction(keys: string[]): Promise<ActionResult & { remembered?: RememberedThreadOptions | null }> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  const parsed = headersSchema.safeParse(keys);
  if (!parsed.success) return { ok: false, message: 'Those field names could not be read.' };
  try {
    return { ok: true, remembered: await recallThreadOptions(getDb(), who.principal.project.id, parsed.data) };
  } catch (error) {
    return failure(error);
  }
}
