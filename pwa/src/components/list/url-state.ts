/**
 * A list's search, page and selected row live in the URL (`?q=&page=&sel=`), so a reload or a
 * shared link shows the same list.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readSelection, withSelection } from './url-selection';

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
  /** The selected row's key (`?sel=`), or null. */
  selected: string | null;
  /** Replaces the history entry: Atrás leaves the list rather than stepping through rows. */
  setSelected: (key: string | null) => void;
}

/**
 * How long typing pauses before the search is written to the URL. A URL change redraws every
 * part of the app that follows the address (shell, menu, breadcrumbs); a keystroke redraws only
 * the list, which a tablet does within its frame budget.
 */
export const SEARCH_URL_PAUSE_MS = 300;

/** Text typed over the URL's search `over`; a change of the URL by other means (Atrás, a link) drops it. */
interface Typed {
  q: string;
  over: string;
}

export function useListUrlState(): ListUrl {
  const [params, setParams] = useSearchParams();
  const inUrl = readListState(params);
  const [typed, setTyped] = useState<Typed | null>(null);
  const pending = typed !== null && typed.over === inUrl.q ? typed : null;
  const pendingQ = pending?.q;

  useEffect(() => {
    if (pendingQ === undefined) return;
    const timer = setTimeout(() => {
      setTyped(null);
      setParams((current) => withSearch(current, pendingQ), { replace: true });
    }, SEARCH_URL_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [pendingQ, setParams]);

  const q = pending ? pending.q : inUrl.q;
  // Any other write carries the typed search with it: two writes in one event would not compose.
  const write = (change: (params: URLSearchParams) => URLSearchParams, replace: boolean) => {
    setTyped(null);
    setParams((current) => change(pending ? withSearch(current, pending.q) : current), { replace });
  };
  return {
    q,
    // A new search starts on page 1 (spec 001 section 4) before its URL is written.
    page: pending ? 1 : inUrl.page,
    setSearch: (next) => setTyped({ q: next, over: inUrl.q }),
    setPage: (page) => write((current) => withPage(current, page), false),
    selected: readSelection(params),
    setSelected: (key) => write((current) => withSelection(current, key), true),
  };
}
