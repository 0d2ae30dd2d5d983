/**
 * A list's selected row lives in the URL (`?sel=<id>`) beside its search, so a reload, Atrás from
 * the row's profile, or a shared link shows the same row selected.
 */
export const SELECTION_PARAM = 'sel';

/** The selected key, or null; anything that could not be a record id reads as none. */
export function readSelection(params: URLSearchParams): string | null {
  const raw = params.get(SELECTION_PARAM) ?? '';
  return raw !== '' && raw.length <= 200 ? raw : null;
}

/** Other parameters already there (the search) are kept. */
export function withSelection(params: URLSearchParams, key: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (key) next.set(SELECTION_PARAM, key);
  else next.delete(SELECTION_PARAM);
  return next;
}
