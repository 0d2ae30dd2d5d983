/** The query of `GET /api/nominas-api/empleado/{empleadoId}`: `limite`, `desde`, `hasta`. */
import { toIsoDate } from '../../../couch-design/format';
import { HttpError } from '../http/errors';
import { positiveIntParam, singleParam } from '../http/query';
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
  const raw = singleParam(q, 'limite', MSG.badLimite);
  const limite = absent(raw) ? null : positiveIntParam(raw, 0, MAX_LIMITE, MSG.badLimite);
  return { desde: date(q.desde, MSG.badDesde), hasta: date(q.hasta, MSG.badHasta), limite };
}
