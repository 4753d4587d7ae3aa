import Link from '@/components/ui/project-link';
import { currentProjects, requireSignedInPage } from '@/lib/auth/session';
import { isRole } from '@/lib/identity/roles';
import { projectPath } from '@/lib/nav/project-path';

export const metadata = { title: 'Not allowed' };

export default async function DeniedPage({ searchParams }: { searchParams: Promise<{ needs?: string; project?: string }> }) {
  const me = await requireSignedInPage();
  const { needs, project: slug } = await searchParams;
  const role = isRole(needs) ? needs : 'another';
  const project = (await currentProjects()).find((p) => p.slug === slug);
  const where = project ? ` in the project “${project.name}”` : '';
  const mine = project ? `${project.role === 'admin' ? 'an' : 'a'} ${project.role} there` : me.instanceAdmin ? 'an instance admin' : 'not an instance admin';
  return (
    <div className="mx-auto mt-8 max-w-lg rounded-lg border border-amber-200 bg-amber-50 p-6">
      <h1 className="text-lg font-semibold text-amber-900">
        This page needs the {role} role{where}
      </h1>
      <p className="mt-2 text-sm text-amber-900">
        You are signed in as {me.email}, {mine}. {project ? 'An admin of the project can change your role on its settings page.' : 'An instance admin can make you one on the Users page.'}
      </p>
      <Link href={project ? projectPath(project.slug, '/') : '/'} className="mt-4 inline-block text-sm text-indigo-700 hover:underline">
        Back to the overview
      </Link>
    </div>
  );
}
