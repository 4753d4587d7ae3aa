import Link from '@/components/ui/project-link';
import { AddMemberForm, MemberRowActions, RenameProjectForm } from '@/components/projects/member-forms';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Table, Td } from '@/components/ui/table';
import { requirePage } from '@/lib/auth/session';
import { loadProjectSettings } from '@/lib/projects/page/load-project-settings';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Project settings' };

export default async function ProjectSettingsPage() {
  const principal = await requirePage('admin');
  const { members, connections, defaultJudge } = await loadProjectSettings(principal);
  const { project } = principal;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Settings of {project.name}</h1>
        <p className="mt-1 text-sm text-slate-600">
          Its pages are at <span className="font-mono text-xs">{project.slug === 'default' ? '/ (and /p/default)' : `/p/${project.slug}`}</span>. Members see this project only; instance admins
          see every project without being members.
        </p>
      </div>
      <Card title="Name">
        <RenameProjectForm name={project.name} />
      </Card>
      <Card title="Members">
        <AddMemberForm />
        <div className="mt-4">
          <Table head={['Member', 'Role', 'Change']} empty={members.length === 0 ? <p className="p-4 text-sm text-slate-500">No members yet: instance admins only.</p> : null}>
            {members.map((m) => (
              <tr key={m.userId}>
                <Td>
                  <div className="font-medium">{m.user.name}</div>
                  <div className="text-xs text-slate-500">
                    {m.user.email}
                    {m.user.role === 'admin' ? ' · instance admin' : ''}
                  </div>
                </Td>
                <Td>{m.role}</Td>
                <Td>
                  <MemberRowActions member={{ userId: m.userId, email: m.user.email, role: m.role }} />
                </Td>
              </tr>
            ))}
          </Table>
        </div>
      </Card>
      <Card title="Judges">
        <p className="text-sm text-slate-700" data-testid="project-default-judge">
          Forms of this project preselect <span className="font-medium">{defaultJudge}</span>.{' '}
          {connections.length ? (
            <>
              Its connections:{' '}
              {connections.map((c, i) => (
                <span key={c.id}>
                  {i ? ', ' : ''}
                  <span className="font-mono">{c.name}</span>
                  {c.isDefault ? (
                    <>
                      {' '}
                      <Badge tone="blue">default</Badge>
                    </>
                  ) : null}
                </span>
              ))}
              .
            </>
          ) : (
            'It stores no connection of its own yet.'
          )}
        </p>
        <Link href="/settings/connections" className="mt-2 inline-block text-sm text-indigo-700 hover:underline">
          Judge connections and the default judge →
        </Link>
      </Card>
      <Card title="API keys">
        <p className="text-sm text-slate-700">A key opens this project alone, with its owner’s role here; taking a member out stops their keys at once.</p>
        <Link href="/settings/api-keys" className="mt-2 inline-block text-sm text-indigo-700 hover:underline">
          API keys of this project →
        </Link>
      </Card>
    </div>
  );
}
