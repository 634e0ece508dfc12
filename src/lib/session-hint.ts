/**
 * The signed-in hint (decision 012): a cookie the server sets and clears
 * together with the session cookie, readable by scripts, so a page knows
 * without asking the API whether anyone may be signed in. It carries no
 * secret and grants nothing: it only decides whether the page wakes the
 * signed-in islands, which then ask the server, and the server alone decides
 * who is signed in. A forged or stale hint costs one 401, which clears it.
 */

const BASE_NAME = "karkhana_signed_in";

/** Named like the session cookie: `__Host-` prefixed over https, plain on local http. */
export function sessionHintCookieName(secure: boolean): string {
  return secure ? `__Host-${BASE_NAME}` : BASE_NAME;
}

/** The only value the server writes; it says nothing about who is signed in. */
export const SESSION_HINT_VALUE = "1";

const HINT = new RegExp(`(?:^|;\\s*)(?:__Host-)?${BASE_NAME}=${SESSION_HINT_VALUE}(?:;|$)`);

/** True when a cookie string (`document.cookie` or a Cookie header) carries the hint. */
export function hasSessionHint(cookies: string): boolean {
  return HINT.test(cookies);
}
