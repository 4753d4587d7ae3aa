/** How much of a reply is read for an announced change of subject: it comes first, if at all. */
const OPENING = 300;

/*
 * Words that say the speaker is leaving the subject: "let's talk about something else", "on
 * another note", "changing the subject", "unrelated, but". "By the way" and "anyway" are left
 * out: people use them to go on about the same thing ("By the way, did you see the sequel?").
 */
const CHANGE =
  /\b(?:let(?:'s| us) (?:talk|chat|speak) about (?:something|anything) (?:else|different)|(?:talk|chat) about something (?:else|different)|(?:change|changing|switch|switching) (?:the )?(?:subject|topic)|(?:on|to) (?:a |an )?(?:different|another|other|unrelated|separate|new|completely different|totally different) (?:note|topic|subject)|(?:completely|totally|entirely) (?:unrelated|different topic|different subject|off[- ]topic)|(?:unrelated|off[- ]topic|random)(?: question| thought)?,? but\b|enough (?:about|of) (?:that|this|it)\b)/i;

/** The reply announces that it leaves the subject ("Let's talk about something else. …"). */
export function announcesTopicChange(reply: string): boolean {
  return CHANGE.test(reply.slice(0, OPENING));
}

/** The user asked for a change of subject, so a reply that makes one answers them. */
export function asksForTopicChange(userMessage: string): boolean {
  const text = userMessage.slice(0, OPENING);
  return CHANGE.test(text) || /\b(?:something else|another (?:topic|subject)|new (?:topic|subject))\b/i.test(text);
}
