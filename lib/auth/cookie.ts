/** better-auth's cookie prefix: the session cookie is turnwise.session_token. */
export const COOKIE_PREFIX = 'turnwise';
