import { type Issues, type Path, describe, isPlainObject } from '../fields';
import { type ImportedScore, scoreNumber } from '../imported-scores';

/**
 * promptfoo's assertion types that are the same metric as one of Turnwise's: its
 * conversation-relevance is deepeval's turn relevancy (its docs say it is adapted from it), which
 * Turnwise implements as conversation_relevancy with the same sliding window. Every other
 * assertion keeps promptfoo's name (llm-rubric, g-eval, contains…, or the `metric` it was given).
 */
const SAME_METRIC: Record<string, string> = {
  'conversation-relevance': 'conversation_relevancy',
};

/** promptfoo's ResultFailureReason.ERROR: the test errored (the provider failed, or grading threw). */
const FAILURE_ERROR = 2;

const TOOL = 'promptfoo';

/** The name of a test's aggregate grading (every assertion together, weighted), when it has several. */
export const OVERALL = 'overall';

interface Component {
  name: string;
  /** The Turnwise metric it is (SAME_METRIC). */
  sameAs?: string;
  type: string;
  result: Record<string, unknown>;
  path: Path;
}

function assertionOf(result: Record<string, unknown>): Record<string, unknown> | undefined {
  return isPlainObject(result.assertion) ? result.assertion : undefined;
}

/** Which assertion judged, with its grading provider when it names one: "llm-rubric (openai:gpt-4.1)". */
function judgeOf(type: string, assertion: Record<string, unknown> | undefined): string {
  const provider = assertion?.provider;
  const id = typeof provider === 'string' ? provider : isPlainObject(provider) && typeof provider.id === 'string' ? provider.id : undefined;
  return `${type}${id ? ` (${id})` : ''}`;
}

/** One graded assertion (or the aggregate) as a score; `pass` must be true or false. */
function scoreOf(component: Component, issues: Issues): ImportedScore | null {
  const { result, path } = component;
  if (typeof result.pass !== 'boolean') {
    issues.push({ severity: 'error', path: [...path, 'pass'], message: `expected true or false, found ${describe(result.pass)}` });
    return null;
  }
  const assertion = assertionOf(result);
  const metadata = isPlainObject(result.metadata) ? result.metadata : undefined;
  const reason = typeof result.reason === 'string' ? result.reason : undefined;
  // A grader that could not judge (transport or parse failure) gave no verdict: an errored score, not a failed one.
  const graderError = metadata?.graderError === true;
  const score = graderError ? null : scoreNumber(result.score);
  const threshold = scoreNumber(assertion?.threshold) ?? undefined;
  const settings: Record<string, number> = {};
  const windowSize = isPlainObject(assertion?.config) ? scoreNumber(assertion.config.windowSize) : null;
  if (component.sameAs && windowSize !== null) settings.windowSize = windowSize;
  const judge = judgeOf(component.type, assertion);
  return {
    tool: TOOL,
    name: component.name,
    ...(component.sameAs ? { sameAs: component.sameAs } : {}),
    kind: 'numeric',
    value: score,
    // promptfoo's own verdict, kept as it is.
    pass: result.pass,
    ...(threshold !== undefined ? { threshold } : {}),
    ...(judge !== component.name ? { judge } : {}),
    ...(reason !== undefined && !graderError ? { reason } : {}),
    ...(graderError ? { error: reason ?? 'the grader could not judge' } : score === null ? { error: `promptfoo gave no numeric score (${describe(result.score)})` } : {}),
    ...(Object.keys(settings).length ? { settings } : {}),
  };
}

/** A component's name: its `metric` when the assertion was given one, else its type (the Turnwise metric it is, where there is one). */
function componentOf(result: Record<string, unknown>, path: Path): Component {
  const assertion = assertionOf(result);
  const type = typeof assertion?.type === 'string' && assertion.type.trim() !== '' ? assertion.type : 'assertion';
  const named = typeof assertion?.metric === 'string' && assertion.metric.trim() !== '' ? assertion.metric.trim() : undefined;
  const sameAs = named ? undefined : SAME_METRIC[type];
  return { name: named ?? type, ...(sameAs ? { sameAs } : {}), type, result, path };
}

/**
 * A promptfoo result's grading as scores: each assertion of `gradingResult.componentResults` under
 * its own name (two of one name on a test are told apart as "contains (2)"), and the test's
 * aggregate as "overall" when it graded several. A test that errored before it was graded gives an
 * errored "overall". Null when the grading does not read (issues say where).
 */
export function promptfooScores(record: Record<string, unknown>, issues: Issues): ImportedScore[] | null {
  const grading = record.gradingResult;
  if (grading === undefined || grading === null) {
    if (record.failureReason !== FAILURE_ERROR) return [];
    const error = typeof record.error === 'string' && record.error.trim() !== '' ? record.error : 'the test errored before it was graded';
    return [{ tool: TOOL, name: OVERALL, kind: 'numeric', value: null, pass: false, error }];
  }
  if (!isPlainObject(grading)) {
    issues.push({ severity: 'error', path: ['gradingResult'], message: `expected promptfoo's grading result (an object with pass, score, reason), found ${describe(grading)}` });
    return null;
  }
  const before = issues.length;
  const list = grading.componentResults;
  if (list !== undefined && list !== null && !Array.isArray(list)) {
    issues.push({ severity: 'error', path: ['gradingResult', 'componentResults'], message: `expected a list of graded assertions, found ${describe(list)}` });
    return null;
  }
  const components: Component[] = [];
  (list ?? []).forEach((c, i) => {
    const path = ['gradingResult', 'componentResults', i];
    if (!isPlainObject(c)) issues.push({ severity: 'error', path, message: `expected a graded assertion (pass, score, reason), found ${describe(c)}` });
    else components.push(componentOf(c, path));
  });
  const seen = new Map<string, number>();
  for (const c of components) {
    const key = c.sameAs ?? c.name;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n > 1) {
      c.name = `${c.name} (${n})`;
      delete c.sameAs;
    }
  }
  const scores = components.map((c) => scoreOf(c, issues));
  if (components.length !== 1) {
    // No assertion listed: the grading is one assertion's when it names it, else the test's own.
    const single = components.length === 0 && typeof assertionOf(grading)?.type === 'string';
    const aggregate = single ? componentOf(grading, ['gradingResult']) : { name: OVERALL, type: OVERALL, result: grading, path: ['gradingResult'] };
    scores.push(scoreOf(aggregate, issues));
  }
  if (issues.length > before) return null;
  return scores.filter((s): s is ImportedScore => s !== null);
}
