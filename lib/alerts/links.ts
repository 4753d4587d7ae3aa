type Env = Record<string, string | undefined>;

/**
 * Where alerts' links point: TURNWISE_URL (the address users open the dashboard at); without
 * it, http://localhost:<PORT> (3000), right only for someone on the server's own machine, which
 * the alerts pages say.
 */
export function linkBase(env: Env): string {
  return env.TURNWISE_URL?.trim().replace(/\/+$/, '') || `http://localhost:${env.PORT?.trim() || '3000'}`;
}

/** The absolute URL of a page of this dashboard. */
export const absoluteLink = (path: string, env: Env): string => `${linkBase(env)}${path.startsWith('/') ? path : `/${path}`}`;

/** Why links may not open for the people alerted, or null when TURNWISE_URL is set. */
export const linkBaseWarning = (env: Env): string | null =>
  env.TURNWISE_URL?.trim() ? null : `TURNWISE_URL is not set: alerts link to ${linkBase(env)}, which opens only on this server's own machine. Set it to the address people open the dashboard at.`;
