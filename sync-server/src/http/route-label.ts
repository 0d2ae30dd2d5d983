/**
 * A request's route as a pattern (`/api/captaciones/:id`, `/db/captaciones/_bulk_docs`), for the
 * access log and the metrics' labels: never an id, a name or a query value, and a bounded set of
 * values whatever clients send (an unknown path is `(no encontrada)`, anything outside /api and
 * /db is `(aplicación)`).
 */
const WORD = /^[a-z][a-z-]{0,39}$/i;
const DB_WORD = /^(_[a-z_]+|[a-z]+)$/;

export function routeLabel(method: string, originalUrl: string, status: number): string {
  const path = originalUrl.split('?')[0];
  if (!/^\/(api|db)(\/|$)/.test(path)) return '(aplicación)';
  if (status === 404 && !path.startsWith('/db')) return '(no encontrada)';
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'db') {
    // /db, /db/<base>, /db/<base>/_changes, /db/<base>/_local/:id, /db/<base>/:doc[/:adjunto]
    const [, db, first, ...rest] = parts;
    if (db === undefined) return '/db';
    const base = DB_WORD.test(db) ? db : ':base';
    if (first === undefined) return `/db/${base}`;
    if (first === '_local') return `/db/${base}/_local/:id`;
    if (first.startsWith('_')) return `/db/${base}/${DB_WORD.test(first) ? first : ':especial'}`;
    return `/db/${base}/:doc${rest.length ? '/:adjunto' : ''}`;
  }
  // Words stay (resources and actions); anything with a digit, a dot or too long is an id.
  return `/${parts.map((p, i) => (i > 0 && !WORD.test(decodeURIComponentSafe(p)) ? ':id' : p)).join('/')}`;
}

function decodeURIComponentSafe(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}
