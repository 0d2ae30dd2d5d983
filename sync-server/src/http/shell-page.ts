/**
 * The shell page of a signed-in navigation, with the session check already answered inside it
 * (couch-design/usuario/session-answer.ts): the PWA draws the screen's frame at first paint
 * instead of after a round trip and its code, which on a phone is a second and a half sooner.
 */
import type { Request } from 'express';
import { PAGE_SESSION_ID, type SessionAnswer } from '../../../couch-design/usuario';

/**
 * Only a browser's own navigation gets the answer: the service worker's copy of the shell (a
 * fetch, not a navigation) must stay the same for everyone who uses the device. A browser that
 * sends no Fetch Metadata gets the plain shell and asks with `GET /api/check-auth` as before.
 */
export const isNavigation = (req: Request): boolean => req.get('sec-fetch-mode') === 'navigate';

/**
 * JSON inside a script element ends at the first `</script`; escaping every `<` (and the two
 * line separators old parsers took for line ends) keeps any name a user typed inside it.
 */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** `html` with the answer as a JSON data block at the end of its head (a data block is never run). */
export function pageWithSession(html: string, answer: SessionAnswer): string {
  const block = `<script type="application/json" id="${PAGE_SESSION_ID}">${scriptSafe(JSON.stringify(answer))}</script>`;
  const at = html.indexOf('</head>');
  return at === -1 ? block + html : `${html.slice(0, at)}${block}${html.slice(at)}`;
}
