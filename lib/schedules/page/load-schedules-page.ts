import 'server-only';
import { getDb } from '../../db/client';
import { listDatasetNames } from '../../db/queries/replays/get-replay-settings';
import { listLatestScheduleRuns } from '../../db/queries/schedules/schedule-runs';
import { listSchedules } from '../../db/queries/schedules/schedules';
import { describeCron, formatInZone, serverTimeZone, serverZone } from '../cron';
import { datasetIdOf, describeScheduledWork } from '../describe-schedule';

/** The schedules page: every schedule with what it starts, its times in words, its next time on the server's clock and its last start. */
export async function loadSchedulesPage(projectId: string) {
  const db = getDb();
  const schedules = await listSchedules(db, projectId);
  const [names, latest] = await Promise.all([listDatasetNames(db, projectId, [...new Set(schedules.map((s) => datasetIdOf(s.request)))]), listLatestScheduleRuns(db, schedules.map((s) => s.id))]);
  const timeZone = serverTimeZone();
  return {
    timeZone: serverZone(),
    schedules: schedules.map((s) => {
      const datasetId = datasetIdOf(s.request);
      const last = latest.get(s.id);
      return {
        id: s.id,
        name: s.name,
        kind: s.kind,
        cron: s.cron,
        when: describeCron(s.cron),
        what: describeScheduledWork(s.kind, s.request, names.get(datasetId) ?? `dataset ${datasetId} (deleted)`),
        enabled: s.enabled,
        next: s.nextDueAt ? formatInZone(s.nextDueAt, timeZone) : null,
        lastStart: last ? { at: formatInZone(last.createdAt, timeZone), failed: last.error !== null, error: last.error } : null,
      };
    }),
  };
}
