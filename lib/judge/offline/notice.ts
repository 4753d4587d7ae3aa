/*
 * What the offline judge is, said once: every form that offers it and every page, export or
 * CLI run it scored takes its words from here (client forms through JudgeInfo, from the server).
 */

/** Its name wherever a judge is chosen. */
export const OFFLINE_JUDGE_LABEL = 'Offline (rules, no key)';

/** What its rules can and cannot see, as `npm run bench:offline-grounded` and `bench:offline-judge` measure them. */
export const OFFLINE_JUDGE_SCOPE =
  'Rules, not an LLM. It catches replies that go off topic and contradictions of a number, name, date or negation in the context. It cannot judge role adherence, completeness, goal accuracy or custom metrics, nor a claim that only paraphrases its source.';

/** One line wherever the offline judge's verdicts are shown, so no one takes them for an LLM's. */
export const OFFLINE_JUDGE_NOTICE = `Scored by the offline judge. ${OFFLINE_JUDGE_SCOPE}`;

/** Where an admin adds an LLM judge in the dashboard (docs/judges.md, "Setting up an LLM judge", says the rest). */
export const LLM_JUDGE_SETUP = '/settings/connections';

export const LLM_JUDGE_HINT = 'For real evaluations add an OpenAI-compatible judge connection (or set OPENAI_API_KEY on the server) and re-run with that judge';
