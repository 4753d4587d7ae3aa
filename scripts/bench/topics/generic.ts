import type { Rng } from '../random';

/** Company-wide knowledge-base pages that retrieval brings up beside the topical ones. */
export const GENERIC_DOCUMENTS: readonly ((company: string, rng: Rng) => string)[] = [
  (c, r) =>
    `${c} support is open from ${r.pick([7, 8, 9])} a.m. to ${r.pick([6, 8, 10])} p.m. on weekdays and from 9 a.m. to 5 p.m. on Saturdays. Chat in the app is answered around the clock. Average phone wait times are under ${r.pick([3, 5, 8])} minutes.`,
  (c, r) =>
    `${c} will never ask for a full password or a one-time code by email or text. Suspicious messages can be forwarded to our security team. Accounts are locked after ${r.pick([3, 5])} failed sign-in attempts for ${r.pick([15, 30])} minutes.`,
  (c, r) =>
    `Complaints can be raised in the app, by phone or by letter. ${c} acknowledges every complaint within ${r.pick([2, 3, 5])} business days and sends a final answer within ${r.pick([15, 30])} days. Customers who disagree can contact the independent ombudsman.`,
  (c, r) =>
    `The ${c} app requires iOS ${r.pick([15, 16, 17])} or Android ${r.pick([10, 11, 12])} or later. Sign-in can use a fingerprint or face recognition. Push notifications can be managed under Settings.`,
  (c, r) =>
    `${c} keeps customer records for ${r.pick([5, 7])} years as required by law. Customers can download a copy of their data from the privacy page. Marketing emails can be turned off at any time.`,
  (c, r) =>
    `Documents sent by ${c} are available in large print and braille on request. The phone line supports relay services. Branches and service centres have step-free access, and ${r.pick(['guide dogs', 'assistance animals'])} are welcome.`,
];
