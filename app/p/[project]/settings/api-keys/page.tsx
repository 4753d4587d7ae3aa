import { DeleteApiKeyButton, NewApiKeyForm, RevokeApiKeyButton } from '@/components/admin/api-key-forms';
import { Card } from '@/components/ui/card';
import { Table, Td } from '@/components/ui/table';
import { loadApiKeysPage } from '@/lib/auth/page/load-api-keys-page';
import { requirePage } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'API keys' };

const when = (date: Date | null) => (date ? date.toISOString().replace('T', ' ').slice(0, 16) : 'never');

export default async function ApiKeysPage() {
  const me = await requirePage();
  const { keys, everyone } = await loadApiKeysPage(me);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">API keys</h1>
        <p className="mt-1 text-sm text-slate-600">
          Personal keys for scripts and CI: each opens the project {me.project.name} alone and acts as you, with your role there ({me.role}); what an ingest key sends lands in
          it. Only a hash is stored; a key is shown once. Changing your password, or an admin setting it, revokes your keys; leaving the project stops them.
        </p>
      </div>
      <Card title="New key">
        <NewApiKeyForm />
      </Card>
      <Table head={['Name', 'Key', 'Scope', 'Created (UTC)', 'Last used', '']} empty={keys.length === 0 ? <p className="p-4 text-sm text-slate-500">No keys yet.</p> : null}>
        {keys.map((key) => (
          <tr key={key.id}>
            <Td>{key.name}</Td>
            <Td className="font-mono text-xs">tw_…{key.lastFour}</Td>
            <Td>{key.scope}</Td>
            <Td className="tabular-nums">{when(key.createdAt)}</Td>
            <Td className="tabular-nums">{when(key.lastUsedAt)}</Td>
            <Td>
              <DeleteApiKeyButton id={key.id} name={key.name} />
            </Td>
          </tr>
        ))}
      </Table>
      {everyone ? (
        <section aria-labelledby="all-keys" className="space-y-2">
          <h2 id="all-keys" className="text-lg font-semibold">
            Other users’ keys
          </h2>
          <p className="text-sm text-slate-600">As an admin of this project you may revoke anyone’s key of it; each revoke is in the audit log.</p>
          <Table head={['User', 'Name', 'Key', 'Created (UTC)', 'Last used', '']} empty={everyone.length === 0 ? <p className="p-4 text-sm text-slate-500">No other user has a key.</p> : null}>
            {everyone.map((key) => (
              <tr key={key.id}>
                <Td>
                  <div className="font-medium">{key.user.name}</div>
                  <div className="text-xs text-slate-500">{key.user.email}</div>
                </Td>
                <Td>{key.name}</Td>
                <Td className="font-mono text-xs">tw_…{key.lastFour}</Td>
                <Td className="tabular-nums">{when(key.createdAt)}</Td>
                <Td className="tabular-nums">{when(key.lastUsedAt)}</Td>
                <Td>
                  <RevokeApiKeyButton id={key.id} name={key.name} owner={key.user.email} />
                </Td>
              </tr>
            ))}
          </Table>
        </section>
      ) : null}
    </div>
  );
}
