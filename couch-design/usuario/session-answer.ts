/**
 * The answer to "who is signed in here?" (`GET /api/check-auth`), and where the gateway writes
 * that same answer into the page it sends for a signed-in navigation: the PWA then knows the
 * session before it has fetched anything and can draw the screen's frame at first paint.
 */
import type { SessionUser } from '../roles';

export interface SessionAnswerUser extends SessionUser {
  email: string;
  nombre: string;
}

export type SessionAnswer =
  | { success: true; authenticated: true; user: SessionAnswerUser }
  | { success: false; authenticated: false; mensaje: string };

export const NO_SESSION = 'No hay una sesión activa.';

/** The id of the page's `<script type="application/json">` holding the answer. */
export const PAGE_SESSION_ID = 'sesion-inicial';
