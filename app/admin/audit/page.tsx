import { Table, Td } from '@/components/ui/table';
import { loadAuditPage } from '@/lib/auth/page/load-audit-page';
import { requireInstanceAdminPage } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Audit' };

export default async function AuditPage() {
  await requireInstanceAdminPage();
  const entries = await loadAuditPage();
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Audit</h1>
        <p className="mt-1 text-sm text-slate-600">Deletes, cancels, user and role changes, judge connection changes, online rule changes and redaction settings and patterns, newest first (the last 200).</p>
      </div>
      <Table head={['When (UTC)', 'Who', 'What', 'On', 'Detail']} empty={entries.length === 0 ? <p className="p-4 text-sm text-slate-500">Nothing recorded yet.</p> : null}>
        {entries.map((e) => (
          <tr key={e.id}>
            <Td className="whitespace-nowrap tabular-nums">{e.createdAt.toISOString().replace('T', ' ').slice(0, 19)}</Td>
            <Td>{e.actorEmail}</Td>
            <Td className="font-mono text-xs">{e.action}</Td>
            <Td className="font-mono text-xs">{e.targetId ?? '—'}</Td>
            <Td>{e.detail ?? ''}</Td>
          </tr>
        ))}
      </Table>
    </div>
  );
}
