import { PROJECT_HEADER, PROJECT_PARAM } from '../nav/project-path';

/** The project slug a request names: its `project` query parameter, else its X-Turnwise-Project header; null when it names none (bounded: a slug is short). */
export function requestedProject(request: Request): string | null {
  const value = new URL(request.url).searchParams.get(PROJECT_PARAM) ?? request.headers.get(PROJECT_HEADER);
  const slug = value?.trim();
  return slug ? slug.slice(0, 100) : null;
}
