/** The query of `GET /api/nominas-api/empleado/{empleadoId}`: `limite`, `desde`, `hasta`. */
import { toIsoDate } from '../../../couch-design/format';
import { HttpError } from '../http/errors';
import { MSG } from './messages';

export const MAX_LIMITE = 1000;

export interface ListQuery {
  desde: string | null;
  hasta: string | null;
  /** null: not given (20 without a date filter, all with one). */
  limite: number | null;
}

const absent = (v: unknown): boolean => v === undefined || v === '';

function date(v: unknown, message: string): string | null {
  if (absent(v)) return null;
  const iso = typeof v === 'string' ? toIsoDate(v) : null;
  if (iso === null) throw new HttpError(400, message);
  return iso;
}

export function parseListQuery(q: Record<string, unknown>): ListQuery {
  let limite: number | null = null;
  if (!absent(q.limite)) {
    const n = typeof q.limite === 'string' && /^\d{1,4}$/.test(q.limite) ? Number(q.limite) : NaN;
    if (!(n >= 1 && n <= MAX_LIMITE)) throw new HttpError(400, MSG.badLimite);
    limite = n;
  }
  return { desde: date(q.desde, MSG.badDesde), hasta: date(q.hasta, MSG.badHasta), limite };
}
