import { describe, expect, it } from 'vitest';
import { describeKindPreview } from './retention-kinds';

describe('what a retention setting deletes, in words', () => {
  it('says what goes now and about how many more each day', () => {
    expect(describeKindPreview({ key: 'keepConversationsDays', days: 30, now: 12_340, perDay: 310 }, 24)).toBe(
      'Saving this deletes 12,340 conversations last active more than 30 days ago now; about 310 more each day at the current rate.',
    );
    expect(describeKindPreview({ key: 'keepOtlpDays', days: 1, now: 1, perDay: 0 }, 24)).toBe(
      'Saving this deletes 1 received OTLP body processed more than 1 day ago now; none more each day at the current rate (none in the last 7 days).',
    );
  });

  it('says what is kept when nothing is set', () => {
    expect(describeKindPreview({ key: 'keepReplayOutputsDays', days: null, now: 0, perDay: 0 }, 24)).toBe('Kept: nothing of this kind is deleted.');
    expect(describeKindPreview({ key: 'keepOtlpDays', days: null, now: 0, perDay: 0 }, 24)).toBe("The server's default: each body goes 24 hours after it was processed (TURNWISE_OTLP_KEEP_HOURS).");
  });
});
