import Link from '@/components/ui/project-link';
import { Card } from '@/components/ui/card';
import { NewProjectForm } from '@/components/projects/new-project-form';
import { Table, Td } from '@/components/ui/table';
import { requireInstanceAdminPage } from '@/lib/auth/session';
import { projectPath } from '@/lib/nav/project-path';
import { loadProjectsPage } from '@/lib/projects/page/load-projects-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Projects' };

export default async function ProjectsPage() {
  await requireInstanceAdminPage();
  const projects = await loadProjectsPage();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Projects</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Each project has its own datasets, runs, replays, online rules, metrics, judge connections and API keys, and its own members. Instance admins enter every project; others enter those
          they are members of. With two projects or more, the header offers a switcher.
        </p>
      </div>
      <Card title="Add a project">
        <NewProjectForm />
      </Card>
      <Table head={['Project', 'URLs', 'Members', 'Datasets', '']}>
        {projects.map((p) => (
          <tr key={p.id}>
            <Td>
              <Link href={projectPath(p.slug, '/')} className="font-medium text-indigo-700 hover:underline">
                {p.name}
              </Link>
            </Td>
            <Td className="font-mono text-xs">/p/{p.slug}</Td>
            <Td className="tabular-nums">{p.members}</Td>
            <Td className="tabular-nums">{p.datasets}</Td>
            <Td>
              <Link href={projectPath(p.slug, '/settings')} className="text-sm text-indigo-700 hover:underline">
                Settings
              </Link>
            </Td>
          </tr>
        ))}
      </Table>
    </div>
  );
}
