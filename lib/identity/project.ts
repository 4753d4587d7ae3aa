/** A project as a request names it: its id, the slug of its URLs, its name. */
export interface ProjectRef {
  id: string;
  slug: string;
  name: string;
}

/** The project every install has (made by the migration that introduced projects): everything before projects belongs to it. */
export const DEFAULT_PROJECT_ID = 'default';
export const DEFAULT_PROJECT_SLUG = 'default';
export const DEFAULT_PROJECT: ProjectRef = { id: DEFAULT_PROJECT_ID, slug: DEFAULT_PROJECT_SLUG, name: 'Default' };

/** A slug: lowercase letters, digits and single dashes, 2 to 40 characters, starting with a letter. */
export const PROJECT_SLUG_PATTERN = /^[a-z](?:[a-z0-9]|-(?=[a-z0-9])){1,39}$/;

export const isProjectSlug = (value: unknown): value is string => typeof value === 'string' && PROJECT_SLUG_PATTERN.test(value);
