import { Suspense } from 'react';
import { ConversationSearch } from '@/components/datasets/conversation-search';
import { ConversationsPanel } from '@/components/datasets/conversations-panel';
import { DatasetHeader } from '@/components/datasets/dataset-header';
import { SkippedLinesNote } from '@/components/datasets/skipped-lines-note';
import { ScoringFieldsForm } from '@/components/datasets/scoring-fields-form';
import { TurnMatchesPanel } from '@/components/datasets/turn-matches-panel';
import { DatasetRunsPanel } from '@/components/datasets/dataset-runs-panel';
import { MoveDatasetForm } from '@/components/projects/move-dataset-form';
import { LiveRedactionPanel } from '@/components/redaction/live-redaction-panel';
import { RetentionPanel } from '@/components/retention/retention-panel';
import { TableSkeleton } from '@/components/ui/skeleton';
import { parseConversationQuery } from '@/lib/domain/conversation-query';
import { loadDatasetPage } from '@/lib/datasets/page/load-dataset-page';
import { pageFromSearchParams } from '@/lib/format/pagination';
import { orNotFound } from '@/lib/http/or-not-found';
import { hasRole, mayChange } from '@/lib/identity/roles';
import { requirePage, pageProjectId } from '@/lib/auth/session';
import { loadMoveTargets } from '@/lib/projects/page/load-move-targets';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props) {
  const { id } = await params;
  const dataset = await orNotFound(loadDatasetPage(await pageProjectId(), id));
  return { title: dataset.name };
}

export default async function DatasetPage(props: Props) {
  const principal = await requirePage();
  const [{ id }, search] = await Promise.all([props.params, props.searchParams]);
  const dataset = await orNotFound(loadDatasetPage(principal.project.id, id));
  const query = parseConversationQuery(search);
  const page = pageFromSearchParams(search, 50);
  const moveTo = dataset.sourceFormat === 'otlp' ? [] : await loadMoveTargets(principal);
  return (
    <div className="space-y-8">
      <DatasetHeader dataset={dataset} may={{ run: hasRole(principal.role, 'editor'), change: mayChange(principal, dataset.createdById) }} />
      <MoveDatasetForm datasetId={id} targets={moveTo} />
      <SkippedLinesNote skipped={dataset.skipped} />
      {mayChange(principal, dataset.createdById) && dataset.sourceFormat !== 'otlp' ? <ScoringFieldsForm datasetId={id} /> : null}
      {dataset.sourceFormat === 'otlp' ? <LiveRedactionPanel datasetId={id} setting={dataset.piiRedaction} mayEdit={hasRole(principal.role, 'admin')} /> : null}
      {dataset.sourceFormat === 'otlp' ? (
        <Suspense fallback={<TableSkeleton rows={2} label="Loading retention" />}>
          <RetentionPanel datasetId={id} mayEdit={hasRole(principal.role, 'admin')} />
        </Suspense>
      ) : null}
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">Runs</h2>
        <Suspense fallback={<TableSkeleton rows={2} label="Loading runs" />}>
          <DatasetRunsPanel datasetId={id} />
        </Suspense>
      </section>
      <section className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">Conversations</h2>
          <ConversationSearch datasetId={id} query={query} />
        </div>
        {query.q ? (
          <Suspense key={`turns-${query.q}`} fallback={<TableSkeleton rows={3} label="Searching the turns" />}>
            <TurnMatchesPanel datasetId={id} q={query.q} />
          </Suspense>
        ) : null}
        <Suspense key={`${query.q}|${query.sort}|${query.dir}|${page.page}`} fallback={<TableSkeleton rows={8} label="Loading conversations" />}>
          <ConversationsPanel datasetId={id} query={query} page={page} redacting={dataset.piiRedaction !== null} />
        </Suspense>
      </section>
    </div>
  );
}
