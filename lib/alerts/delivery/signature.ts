import { createHmac } from 'node:crypto';

/** The headers a signed webhook call carries (docs/alerts.md, "Check the signature"). */
export const SIGNATURE_HEADER = 'x-turnwise-signature';
export const TIMESTAMP_HEADER = 'x-turnwise-timestamp';
export const DELIVERY_HEADER = 'x-turnwise-delivery';

/**
 * "v1=" and the hex HMAC-SHA256, keyed with the rule's secret, of the timestamp (Unix seconds),
 * a dot and the raw body: a receiver recomputes it over the bytes it got, and refuses a timestamp
 * far from its clock (a call recorded and sent again later).
 */
export const signBody = (secret: string, timestamp: number, body: string): string => `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
