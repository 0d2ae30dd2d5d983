/** `GET /api/captaciones` query parameters (spec 7), checked before anything reaches the store. */
import { HttpError } from '../http/errors';
import { isValidId } from '../http/ids';
import { positiveIntParam as positiveInt, singleParam as single } from '../http/query';
import { MSG } from './messages';
import { LIST_MAX_LIMIT } from '../../../couch-design/captacion/device-set';
import { MAX_SEARCH_LENGTH, searchTerms } from '../../../couch-design/helpers/search';

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = LIST_MAX_LIMIT;
/** Far beyond any real list, and small enough that page × limit stays an exact integer. */
const MAX_PAGE = 1_000_000_000;

export const SORT_DESC = '-captacion.fecha';
export const SORT_ASC = 'captacion.fecha';

export interface ListQuery {
  page: number;
  limit: number;
  /** Newest `captacion.fecha` first (the spec's default). */
  descending: boolean;
  /** `supervisor=<id>`: only the captaciones this adviser holds. */
  asesor?: string;
  /** Folded search words; empty when there is no search. */
  terms: string[];
}

type Query = Record<string, unknown>;

export function parseListQuery(query: Query): ListQuery {
  const page = positiveInt(single(query, 'page', MSG.badPage), 1, MAX_PAGE, MSG.badPage);
  const limit = positiveInt(single(query, 'limit', MSG.badLimit), DEFAULT_LIMIT, MAX_LIMIT, MSG.badLimit);

  // A '+' in a query string reads as a space: ' captacion.fecha' is the ascending twin.
  const sort = (single(query, 'sort', MSG.badSort) ?? '').trim();
  if (sort !== '' && sort !== SORT_DESC && sort !== SORT_ASC) throw new HttpError(400, MSG.badSort);

  const supervisor = single(query, 'supervisor', MSG.badSupervisor);
  if (supervisor !== undefined && supervisor !== '' && !isValidId(supervisor)) throw new HttpError(400, MSG.badSupervisor);

  const search = single(query, 'search', MSG.badSearch) ?? '';
  if (search.length > MAX_SEARCH_LENGTH) throw new HttpError(400, MSG.badSearch);

  const out: ListQuery = { page, limit, descending: sort !== SORT_ASC, terms: searchTerms(search) };
  if (supervisor) out.asesor = supervisor;
  return out;
}
