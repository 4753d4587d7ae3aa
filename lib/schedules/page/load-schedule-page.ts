import 'server-only';
import { getDb } from '../../db/client';
import { listDatasetNames } from '../../db/queries/replays/get-replay-settings';
import { getSchedule } from '../../db/queries/schedules/schedules';
import { describeCron, formatInZone, nextTimes, serverTimeZone, serverZone } from '../cron';
import { datasetIdOf, describeScheduledWork } from '../describe-schedule';
import { listScheduleStarts } from '../schedule-starts';

/** A schedule's page: what it starts, its times (the next few on the server's clock), and its starts with their comparisons. */
export async function loadSchedulePage(projectId: string, id: string) {
  const db = getDb();
  const schedule = await getSchedule(db, projectId, id);
  const datasetId = datasetIdOf(schedule.request);
  const [names, starts] = await Promise.all([listDatasetNames(db, projectId, [datasetId]), listScheduleStarts(db, id)]);
  const timeZone = serverTimeZone();
  const upcoming = schedule.nextDueAt ? [schedule.nextDueAt, ...nextTimes(schedule.cron, schedule.nextDueAt, timeZone, 2)] : [];
  return {
    schedule: { id: schedule.id, name: schedule.name, kind: schedule.kind, cron: schedule.cron, enabled: schedule.enabled, createdById: schedule.createdById, createdBy: schedule.createdBy },
    dataset: { id: datasetId, name: names.get(datasetId) ?? null },
    what: describeScheduledWork(schedule.kind, schedule.request, names.get(datasetId) ?? `dataset ${datasetId} (deleted)`),
    when: describeCron(schedule.cron),
    timeZone: serverZone(),
    upcoming: upcoming.map((at) => formatInZone(at, timeZone)),
    starts: starts.map((s) => ({ ...s, due: formatInZone(s.dueAt, timeZone), started: formatInZone(s.createdAt, timeZone) })),
  };
}
