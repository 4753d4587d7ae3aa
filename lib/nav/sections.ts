/** The top bar's sections, in the order of the work: data, scoring, replay, production, what runs on its own, comparison, watching. */
export const SECTIONS = [
  { href: '/datasets', label: 'Datasets' },
  { href: '/runs', label: 'Runs' },
  { href: '/replays', label: 'Replays' },
  { href: '/online', label: 'Online' },
  { href: '/schedules', label: 'Schedules' },
  { href: '/compare', label: 'Compare' },
  { href: '/trends', label: 'Trends' },
  { href: '/alerts', label: 'Alerts' },
  { href: '/metrics', label: 'Metrics' },
  { href: '/judges', label: 'Judges' },
] as const;

/** Pages before there is anything to navigate: the first admin's setup and sign-in show no sections. */
const WITHOUT_SECTIONS = ['/setup', '/sign-in'];

export const isCurrentSection = (pathname: string, href: string): boolean => pathname === href || pathname.startsWith(`${href}/`);

/** The sections the top bar shows on a page. */
export const sectionsFor = (pathname: string): readonly { href: string; label: string }[] =>
  WITHOUT_SECTIONS.some((page) => isCurrentSection(pathname, page)) ? [] : SECTIONS;
