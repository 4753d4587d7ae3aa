import { currentProjects } from '@/lib/auth/session';
import { ProjectMenu } from './project-menu';

/** The project switcher, shown once the viewer may enter two projects or more (one project: nothing to choose). */
export async function ProjectSwitcher() {
  const projects = await currentProjects();
  if (projects.length < 2) return null;
  return <ProjectMenu projects={projects.map((p) => ({ slug: p.slug, name: p.name, role: p.role }))} />;
}
