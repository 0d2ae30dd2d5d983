import { serverMessage } from '../../lib/data/errors';

interface WithErrors {
  errors?: Array<{ param?: unknown; msg?: unknown }>;
}

/**
 * The lines of the red banner after a failed save (spec 001 section 8): a list of `{param, msg}`
 * one per line as 'param: msg'; else the server's Spanish message; else the fallback. Messages
 * of the local database are English and technical: they are logged, never shown.
 */
export function errorLines(err: unknown, fallback: string): string[] {
  const list = (err as WithErrors | null)?.errors;
  if (Array.isArray(list) && list.length > 0) {
    return list.map((e) => (typeof e.param === 'string' && e.param ? `${e.param}: ${String(e.msg ?? '')}` : String(e.msg ?? fallback)));
  }
  return [serverMessage(err) ?? fallback];
}
