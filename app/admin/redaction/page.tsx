import Link from '@/components/ui/project-link';
import { AddPatternForm, RemovePatternButton } from '@/components/redaction/pattern-forms';
import { Card } from '@/components/ui/card';
import { Table, Td } from '@/components/ui/table';
import { requireInstanceAdminPage } from '@/lib/auth/session';
import { formatRedactSpec } from '@/lib/pii/redact-spec';
import { projectPath } from '@/lib/nav/project-path';
import { loadRedactionSettings } from '@/lib/redaction/page/load-redaction-settings';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Personal data' };

export default async function RedactionPage() {
  await requireInstanceAdminPage();
  const { patterns, live, liveDefault } = await loadRedactionSettings();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Personal data</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Email addresses, phone numbers, card numbers and IP addresses are found by built-in rules; add your own patterns for what only you know (staff ids, account numbers). An upload chooses
          what to redact on the import page; a live dataset on its page. Matches are replaced before anything is stored or sent to a judge. See{' '}
          <span className="font-mono text-xs">docs/datasets.md</span>, “Redacting personal data”.
        </p>
      </div>
      <Card title="Your patterns">
        <p className="mb-3 text-sm text-slate-600">
          RE2 syntax (as JavaScript’s, without backreferences or lookaround; <span className="font-mono">(?i)</span> for any case): matching takes time in proportion to the text, whatever the pattern. A
          match is replaced with <span className="font-mono">[CUSTOM:name]</span>.
        </p>
        <AddPatternForm />
        {patterns.length ? (
          <div className="mt-4">
            <Table head={['Name', 'Pattern', 'Placeholder', 'Added', '']}>
              {patterns.map((p) => (
                <tr key={p.id}>
                  <Td className="font-mono text-xs">{p.name}</Td>
                  <Td className="font-mono text-xs break-all">{p.pattern}</Td>
                  <Td className="font-mono text-xs">[CUSTOM:{p.name}]</Td>
                  <Td className="text-xs whitespace-nowrap text-slate-500">
                    {p.createdAt.toISOString().slice(0, 10)}
                    {p.createdBy ? ` by ${p.createdBy}` : ''}
                  </Td>
                  <Td>
                    <RemovePatternButton id={p.id} name={p.name} />
                  </Td>
                </tr>
              ))}
            </Table>
          </div>
        ) : null}
      </Card>
      <Card title="Live datasets">
        <p className="mb-3 text-sm text-slate-600">
          A service’s first trace makes its live dataset with <span className="font-mono">TURNWISE_LIVE_REDACT</span>{' '}
          {liveDefault ? (
            <>
              (<span className="font-mono">{liveDefault}</span> on this server)
            </>
          ) : (
            '(not set on this server: nothing is redacted)'
          )}
          ; change each on its page.
        </p>
        <Table head={['Live dataset', 'Project', 'Redacts']} empty={live.length === 0 ? <p className="p-4 text-sm text-slate-500">No live dataset yet.</p> : null}>
          {live.map((l) => (
            <tr key={l.datasetId}>
              <Td>
                <Link href={projectPath(l.project.slug, `/datasets/${l.datasetId}`)} className="font-medium text-indigo-700 hover:underline">
                  {l.name}
                </Link>
              </Td>
              <Td>{l.project.name}</Td>
              <Td className="font-mono text-xs">{l.setting ? formatRedactSpec(l.setting) : 'nothing'}</Td>
            </tr>
          ))}
        </Table>
      </Card>
    </div>
  );
}
