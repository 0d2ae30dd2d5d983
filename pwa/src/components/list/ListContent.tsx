/** What a list shows under its search: loading, the empty state, 'no match', or its table. */
import { NonIdealState } from '@blueprintjs/core';
import type { JSX, ReactNode } from 'react';
import { Feedback } from '../feedback/Feedback';

export interface ListContentProps {
  status: 'loading' | 'error' | 'ready';
  /** Whether there is any record before the search; none shows `empty`. */
  hasRecords: boolean;
  /** How many records the search matches. */
  matches: number;
  /** The state of a list with no records at all (usually with a button that creates one). */
  empty: ReactNode;
  /** The title shown when the search matches nothing. */
  noMatch: string;
  /** The table; a failed load shows it too, with its failure row. */
  children: ReactNode;
}

export function ListContent({ status, hasRecords, matches, empty, noMatch, children }: ListContentProps): JSX.Element {
  if (status === 'loading') return <Feedback kind="loading" />;
  if (status === 'ready' && !hasRecords) return <>{empty}</>;
  if (status === 'ready' && matches === 0) return <NonIdealState icon="search" title={noMatch} />;
  return <>{children}</>;
}
