/** One line wherever the offline judge's verdicts are shown, so no one takes them for an LLM's. */
export const OFFLINE_JUDGE_NOTICE = 'Scored by the offline judge: a rule-based smoke test, not an LLM.';

/** Where an admin adds an LLM judge in the dashboard (docs/judges.md, "Setting up an LLM judge", says the rest). */
export const LLM_JUDGE_SETUP = '/admin/connections';

export const LLM_JUDGE_HINT = 'For real evaluations add an OpenAI-compatible judge connection (or set OPENAI_API_KEY on the server) and re-run with that judge';
