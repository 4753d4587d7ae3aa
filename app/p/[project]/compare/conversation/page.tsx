import type { Metadata } from 'next';
import Link from '@/components/ui/project-link';
import { Suspense } from 'react';
import { SideBySidePanel } from '@/components/compare/panels';
import { PanelPlaceholder } from '@/components/compare/compare-skeleton';
import { compareHref, parseCompareSearch, tableState } from '@/lib/compare/compare-search';
import { loadComparedRuns } from '@/lib/compare/page/load-compared-runs';
import type { SearchParams } from '@/lib/domain/run-table-query';
import { orNotFound } from '@/lib/http/or-not-found';
import { requirePage } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Conversation side by side' };

export default async function CompareConversationPage(props: { searchParams: Promise<SearchParams> }) {
  const principal = await requirePage();
  const search = parseCompareSearch(await props.searchParams);
  await orNotFound(loadComparedRuns(principal.project.id, search));
  return (
    <div className="space-y-6">
      <div>
        <Link href={compareHref('/compare', tableState(search))} className="text-sm text-indigo-700 hover:underline">
          ← Back to the comparison
        </Link>
        <h1 className="mt-1 text-2xl font-semibold break-words">{search.key?.replace(/^[a-z]+:/, '') ?? 'Conversation'}</h1>
        <p className="text-sm text-slate-600">Side by side in every run, turns aligned by position.</p>
      </div>
      <Suspense key={JSON.stringify(search)} fallback={<PanelPlaceholder label="Loading the conversation" height="h-96" />}>
        <SideBySidePanel search={search} />
      </Suspense>
    </div>
  );
}
