import { serverMessage } from '../../lib/data/errors';

interface WithErrors {
  errors?: Array<{ param?: unknown; msg?: unknown }>;
}

/** A message as text: a server's list may carry numbers; an object is no message ('[object Object]'). */
const messageText = (msg: unknown, fallback: string): string =>
  typeof msg === 'string' ? msg : typeof msg === 'number' || typeof msg === 'boolean' ? String(msg) : fallback;

/**
 * The lines of the red banner after a failed save (spec 001 section 8): a list of `{param, msg}`
 * one per line as 'param: msg'; else the server's Spanish message; else the fallback. Messages
 * of the local database are English and technical: they are logged, never shown.
 */
export function errorLines(err: unknown, fallback: string): string[] {
  const list = (err as WithErrors | null)?.errors;
  if (Array.isArray(list) && list.length > 0) {
    return list.map((e) => (typeof e.param === 'string' && e.param ? `${e.param}: ${messageText(e.msg, '')}` : messageText(e.msg, fallback)));
  }
  return [serverMessage(err) ?? fallback];
}
