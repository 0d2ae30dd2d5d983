/**
 * The states of a list drawn without `ListShell` (a table inside another screen, cards, a list the
 * device keeps): loading, the network it needs, why the load failed, the empty state, then the rows.
 * One place for the order and the look of those states, whatever draws the rows.
 */
import type { JSX, ReactNode } from 'react';
import type { Loadable } from '../../lib/data/hooks';
import { loadFeedback, type LoadFeedbackTexts } from '../feedback/load-feedback';

export interface ListStatesProps<V> {
  state: Loadable<V>;
  texts: LoadFeedbackTexts;
  /** Whether the loaded value has no rows to show. */
  isEmpty: (value: V) => boolean;
  /** What stands instead of the rows (it may depend on why there are none). */
  empty: (value: V) => ReactNode;
  children: (value: V) => ReactNode;
}

export function ListStates<V>({ state, texts, isEmpty, empty, children }: ListStatesProps<V>): JSX.Element {
  if (state.status !== 'ready') return loadFeedback(state, texts);
  return <>{isEmpty(state.value) ? empty(state.value) : children(state.value)}</>;
}
