import 'server-only';
import { getDb } from '../../db/client';
import { loadRuleFormOptions, type RuleFormOptions } from '../rule-form-options';

/** The new online rule page: what the rule form offers (live datasets, metrics, judges). */
export const loadNewOnlineRulePage = (projectId: string): Promise<RuleFormOptions> => loadRuleFormOptions(getDb(), projectId, process.env);
