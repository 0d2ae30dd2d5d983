/**
 * The controller of a REST list screen (issue 21): the resource's records, the search and the
 * selected row from the URL, and the rows the search shows. A screen adds its columns and texts.
 */
import { useMemo } from 'react';
import { useResourceList, type Loadable, type Resource } from '../../lib/data';
import { useListUrlState } from './url-state';

export interface UseListOptions<T> {
  /** False while the screen does not know yet whether the person may read the list. */
  enabled?: boolean;
  /** The rows a search shows, in the list's order (the couch-design rule the gateway shares). Stable: a module function. */
  search: (all: T[], q: string) => T[];
  /** The id a row is selected by (`?sel=`). */
  rowKey: (row: T) => string;
}

export interface ListController<T> {
  state: Loadable<T[]>;
  reload: () => void;
  /** Every record loaded (none until ready). */
  all: T[];
  /** The records the search shows. */
  shown: T[];
  q: string;
  setSearch: (q: string) => void;
  /** The selected row when the search shows it. */
  current: T | null;
  setSelected: (id: string | null) => void;
  rowKey: (row: T) => string;
}

export function useList<T>(resource: Resource<T>, { enabled = true, search, rowKey }: UseListOptions<T>): ListController<T> {
  const { q, setSearch, selected, setSelected } = useListUrlState();
  const [state, reload] = useResourceList(resource, enabled);
  const all = useMemo(() => (state.status === 'ready' ? state.value : []), [state]);
  const shown = useMemo(() => search(all, q), [all, q, search]);
  const current = shown.find((row) => rowKey(row) === selected) ?? null;
  return { state, reload, all, shown, q, setSearch, current, setSelected, rowKey };
}
