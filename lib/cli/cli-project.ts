import { getDb } from '../db/client';
import { findProjectBySlug } from '../db/queries/projects/get-project';
import { AppError } from '../errors';
import { DEFAULT_PROJECT_SLUG, type ProjectRef } from '../identity/project';

/**
 * The project a CLI command works in: `--project SLUG` (anywhere on the line), else
 * TURNWISE_PROJECT, else "default". The rest of the line is returned without the option. A
 * command reads and writes that project's records alone: an id of another project is not found.
 */
export function takeProjectOption(argv: readonly string[], env: Record<string, string | undefined> = process.env): { slug: string; rest: string[] } {
  const rest: string[] = [];
  let slug: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--project') {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new AppError('BAD_INPUT', '--project needs a project slug (the <slug> of its /p/<slug> URLs)', { field: '--project' });
      slug = value;
      i++;
    } else if (arg.startsWith('--project=')) slug = arg.slice('--project='.length);
    else rest.push(arg);
  }
  return { slug: (slug ?? env.TURNWISE_PROJECT ?? '').trim() || DEFAULT_PROJECT_SLUG, rest };
}

/** The project a slug names; BAD_INPUT names the option when there is none. */
export async function resolveCliProject(slug: string): Promise<ProjectRef> {
  const project = await findProjectBySlug(getDb(), slug);
  if (!project) throw new AppError('BAD_INPUT', `--project: no project "${slug.slice(0, 60)}" (give the <slug> of its /p/<slug> URLs, or set TURNWISE_PROJECT)`, { field: '--project' });
  return project;
}
