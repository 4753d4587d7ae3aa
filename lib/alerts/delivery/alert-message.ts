/** One alert as a destination is told it: what both bodies (webhook and Slack) are made from. */
export interface AlertMessage {
  /** The alert's id: the same at every attempt of its delivery (a receiver drops repeats by it). */
  id: string;
  state: 'firing' | 'resolved';
  /** Sent by "Send test": not a crossing. */
  test: boolean;
  rule: { id: string; name: string; kind: string; condition: string };
  scope: string;
  crossing: number;
  value: number | null;
  summary: string;
  /** The absolute URL of the page that explains it. */
  link: string;
  /** The absolute URL of the rule's page (its history). */
  rulePage: string;
  at: Date;
  details: unknown;
}

/**
 * The webhook's JSON body, version 1 (docs/alerts.md documents each field): a new field may be
 * added within a version; a field changed or removed makes version 2.
 */
export function webhookBody(message: AlertMessage): string {
  return JSON.stringify({
    version: 1,
    id: message.id,
    state: message.state,
    test: message.test,
    alert: { id: message.rule.id, name: message.rule.name, kind: message.rule.kind, condition: message.rule.condition, page: message.rulePage },
    scope: message.scope,
    crossing: message.crossing,
    value: message.value,
    summary: message.summary,
    link: message.link,
    at: message.at.toISOString(),
    details: message.details ?? {},
  });
}

/** Slack's mrkdwn takes &, < and > as markup: they are escaped in text that is not a link. */
const escapeSlack = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A Slack incoming webhook's body (Mattermost's and Rocket.Chat's take it too): `text` for
 * notifications and clients without blocks, and blocks that read well: the state, the rule, what
 * was measured, the link.
 */
export function slackBody(message: AlertMessage): string {
  const mark = message.test ? ':test_tube: Test' : message.state === 'firing' ? ':rotating_light: Firing' : ':white_check_mark: Resolved';
  const title = `${mark}: ${message.rule.name}`;
  return JSON.stringify({
    text: `${title}: ${message.summary} ${message.link}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${escapeSlack(title)}*\n${escapeSlack(message.summary)}\n<${message.link}|Open in Turnwise>` } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: `${escapeSlack(message.rule.condition)} · <${message.rulePage}|rule and history>` }] },
    ],
  });
}
