import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { RuleForm } from '@/components/online/rule-form';
import { requirePage } from '@/lib/auth/session';
import { DEFAULT_IDLE_MINUTES } from '@/lib/online/rule-input';
import { loadNewOnlineRulePage } from '@/lib/online/page/load-new-online-rule-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'New online rule' };

export default async function NewOnlineRulePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const principal = await requirePage('editor');
  const [search, options] = await Promise.all([searchParams, loadNewOnlineRulePage(principal.project.id)]);
  const wanted = typeof search.dataset === 'string' ? search.dataset : null;
  const preset = options.liveDatasets.filter((d) => d.datasetId === wanted || options.liveDatasets.length === 1).map((d) => d.datasetId);
  return (
    <div className="space-y-4">
      <Breadcrumbs items={[{ label: 'Online evaluation', href: '/online' }, { label: 'New rule' }]} />
      <h1 className="text-2xl font-semibold">New online rule</h1>
      <RuleForm
        ruleId={null}
        liveDatasets={options.liveDatasets}
        metrics={options.metrics}
        judges={options.judges}
        initial={{
          name: '',
          datasetIds: preset,
          metrics: [],
          judge: options.defaultJudge === 'offline' ? { kind: 'offline' } : { kind: 'openai', name: options.defaultJudge, model: options.judges.find((j) => j.name === options.defaultJudge)?.defaultModel },
          sampleRate: null,
          idleMinutes: DEFAULT_IDLE_MINUTES,
          dailyCapUsd: null,
          dailyCapCalls: null,
          dailyCapTokens: null,
          versionAttribute: 'service.version',
          enabled: true,
        }}
      />
    </div>
  );
}
