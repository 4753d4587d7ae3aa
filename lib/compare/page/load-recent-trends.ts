import 'server-only';
import { getDb } from '../../db/client';
import { loadHomeTrends } from '../load-home-trends';
import type { TrendSource } from '../load-trend';

/** The trends-at-a-glance panel (home and trends pages): sparklines of the most recently run dataset families. */
export const loadRecentTrends = (projectId: string): Promise<TrendSource[]> => loadHomeTrends(getDb(), projectId);
