import type { ActionResult } from '@/lib/actions/action-result';

/**
 * What a form's submit button does in place of its own action: a form made for one thing (a
 * new run, a replay) saves the same input elsewhere (a schedule that will start it).
 */
export interface FormSubmit<Input> {
  label: string;
  busyLabel: string;
  /** Answers a refusal; on success it may navigate away (a server action's redirect). */
  action: (input: Input) => Promise<ActionResult | undefined>;
}
