import { ConnectionForm } from '@/components/admin/connection-form';
import { ConnectionRowActions } from '@/components/admin/connection-row-actions';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { currentProjects, requirePage } from '@/lib/auth/session';
import { loadConnectionsPage } from '@/lib/connections/page/load-connections-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Judge connections' };

export default async function ConnectionsPage() {
  const principal = await requirePage('admin');
  const many = (await currentProjects()).length > 1;
  const { connections, fromEnv, defaultJudge } = await loadConnectionsPage(principal.project.id);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Judge connections{many ? ` of ${principal.project.name}` : ''}</h1>
        <p className="mt-1 text-sm text-slate-600">
          OpenAI-compatible endpoints the run form offers as judges. Keys are encrypted on the server; this page shows only their last four characters.
        </p>
        <p className="mt-1 text-sm text-slate-600" data-testid="default-judge-note">
          {defaultJudge === 'offline'
            ? 'Forms preselect the offline judge: mark a connection as the default judge to preselect it instead.'
            : `Forms preselect ${defaultJudge}${connections.some((c) => c.isDefault) ? ' (marked default below)' : ' (OPENAI_API_KEY is set)'}; no other connection is ever preselected.`}
        </p>
      </div>
      <Card title="Add a connection">
        <ConnectionForm />
      </Card>
      {connections.map((c) => (
        <Card
          key={c.id}
          title={
            <span className="flex items-center gap-2">
              <span className="font-mono">{c.name}</span>
              {c.isDefault ? <Badge tone="blue">default judge</Badge> : null}
            </span>
          }
        >
          <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
            <ConnectionForm connection={c} />
            <div className="space-y-2 text-sm">
              <p className="text-slate-600">
                Key: <span className="font-mono">{c.keyLastFour ? `…${c.keyLastFour}` : 'none'}</span>
              </p>
              <ConnectionRowActions id={c.id} name={c.name} isDefault={c.isDefault} />
            </div>
          </div>
        </Card>
      ))}
      <Card title="From the environment (read-only)">
        {fromEnv.error ? <p className="text-sm text-rose-700">{fromEnv.error}</p> : null}
        <ul className="divide-y divide-slate-100 text-sm">
          {fromEnv.judges.map((j) => (
            <li key={j.name} className="flex flex-wrap items-baseline gap-x-3 py-2">
              <span className="font-mono font-medium">{j.name}</span>
              <span className="text-slate-500">{j.models.join(', ')}</span>
              <span className={j.available ? 'text-emerald-700' : 'text-amber-700'}>{j.available ? (j.hasKey ? 'key set' : 'no key needed') : 'key not set'}</span>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-500">Change these with OPENAI_API_KEY, OPENAI_BASE_URL, TURNWISE_JUDGE_MODEL and TURNWISE_JUDGES, then restart.</p>
      </Card>
    </div>
  );
}
