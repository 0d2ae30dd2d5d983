/** A list's search and page live in the URL (`?q=&page=`), so a reload or a shared link shows the same list. */
import { useSearchParams } from 'react-router-dom';

export interface ListUrlState {
  q: string;
  page: number;
}

/** Anything that is not a whole page number >= 1 reads as page 1. */
export function readListState(params: URLSearchParams): ListUrlState {
  const q = (params.get('q') ?? '').slice(0, 200);
  const raw = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
  return { q, page };
}

/** Defaults are left out of the URL; other parameters already there are kept. */
export function writeListState(state: ListUrlState, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  if (state.q.trim() !== '') next.set('q', state.q);
  else next.delete('q');
  if (state.page > 1) next.set('page', String(Math.floor(state.page)));
  else next.delete('page');
  return next;
}

/** A new search always starts on page 1 (spec 001 section 4). */
export function withSearch(params: URLSearchParams, q: string): URLSearchParams {
  return writeListState({ q, page: 1 }, params);
}

export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  return writeListState({ ...readListState(params), page }, params);
}

export interface ListUrl extends ListUrlState {
  /** Typing replaces the history entry: Atrás leaves the list rather than undoing letters. */
  setSearch: (q: string) => void;
  setPage: (page: number) => void;
}

export function useListUrlState(): ListUrl {
  const [params, setParams] = useSearchParams();
  return {
    ...readListState(params),
    setSearch: (q) => setParams(withSearch(params, q), { replace: true }),
    setPage: (page) => setParams(withPage(params, page)),
  };
}
