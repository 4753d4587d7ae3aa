import type { AgreementStats } from '../agreement/agreement-stats';

/**
 * Why κ measures nothing here, or null when it does. κ compares agreement with what chance
 * gives; when the judge, or people, gave one verdict to every labelled turn, chance already
 * explains all agreement and κ is 0 (or undefined) by construction, with an interval of
 * [0, 0]: a number, but not a measurement.
 */
export function unmeasurableAgreement(s: Pick<AgreementStats, 'confusion' | 'n'>): string | null {
  const c = s.confusion;
  if (s.n === 0) return 'no labelled turn was judged';
  const judgeFailed = c.judgeNoHumanNo + c.judgeNoHumanYes;
  const judgePassed = c.judgeYesHumanNo + c.judgeYesHumanYes;
  const peopleFailed = c.judgeNoHumanNo + c.judgeYesHumanNo;
  const peoplePassed = c.judgeNoHumanYes + c.judgeYesHumanYes;
  const turns = `${s.n} labelled ${s.n === 1 ? 'turn' : 'turns'}`;
  if (judgeFailed === 0) return `the judge passed all ${turns}: with one verdict only, agreement beyond chance cannot be measured`;
  if (judgePassed === 0) return `the judge failed all ${turns}: with one verdict only, agreement beyond chance cannot be measured`;
  if (peopleFailed === 0) return `people passed all ${turns}: label some failing turns to measure agreement`;
  if (peoplePassed === 0) return `people failed all ${turns}: label some passing turns to measure agreement`;
  return null;
}
