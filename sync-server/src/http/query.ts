/** Query-string parameters read the same way by every list and download. */
import { MAX_SEARCH_LENGTH } from '../../../couch-design/helpers/search';
import { HttpError } from './errors';

type Query = Record<string, unknown>;

/** One value or none; a repeated parameter (`?page=1&page=2`) is refused like a bad one. */
export function singleParam(query: Query, name: string, message: string): string | undefined {
  const v = query[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new HttpError(400, message);
  return v;
}

/** A whole number from 1 to `max`; `fallback` when absent or blank. */
export function positiveIntParam(raw: string | undefined, fallback: number, max: number, message: string): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const s = raw.trim();
  if (!/^\d{1,10}$/.test(s)) throw new HttpError(400, message);
  const n = Number(s);
  if (n < 1 || n > max) throw new HttpError(400, message);
  return n;
}

/** `search=` of the people lists: the text typed, cut to the longest search any list reads. */
export function searchParam(query: Query): string | undefined {
  return typeof query.search === 'string' ? query.search.slice(0, MAX_SEARCH_LENGTH) : undefined;
}

/** `rev=` of a deletion, when given. */
export function revParam(query: Query): string | undefined {
  return typeof query.rev === 'string' && query.rev !== '' ? query.rev : undefined;
}
