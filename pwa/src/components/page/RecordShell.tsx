/**
 * The page of a screen about one record (a detail or a form over a record read from a resource):
 * its header, then loading, the network it needs, a failed load or a record that does not exist,
 * and the record's content only once it is there. A copy the screen kept (the row chosen on a
 * list) shows at once instead, with a notice when the gateway could not confirm it.
 */
import type { JSX, ReactNode } from 'react';
import type { Loadable } from '../../lib/data/hooks';
import { NEEDS_NETWORK } from '../../lib/data/hooks';
import { Feedback } from '../feedback/Feedback';
import { loadFeedback, type LoadFeedbackTexts } from '../feedback/load-feedback';
import { Page, PageHeader, type PageHeaderProps } from './Page';

type NotReady = Exclude<Loadable<unknown>, { status: 'ready' }>;

export interface RecordShellProps<T> extends PageHeaderProps {
  /** The record as `useRecord` loads it (null: it does not exist or is not the person's to see). */
  state: Loadable<T | null>;
  /** Still deciding whether the person may read it: loading. */
  waiting?: boolean;
  /** A copy kept by the screen, shown until the record is loaded (and instead of a failed load). */
  stored?: T | null;
  /** Above the stored copy while the record is not loaded (offline, failed): what the person is told. */
  staleNotice?: (state: NotReady) => ReactNode;
  texts: LoadFeedbackTexts & {
    /** What stands when the record does not exist. */
    notFound: string;
    /** How that is shown (default 'not-found'; 'error' where a missing record is a failure of the page). */
    notFoundKind?: 'not-found' | 'error';
    /** A form that cannot open without the network says so as a failure (default: the offline notice). */
    offlineKind?: 'offline' | 'error';
  };
  children: (record: T) => ReactNode;
}

/** What a screen shows over a record: the loaded one, else the kept copy (the header's actions read it too). */
export const shownRecord = <T,>(state: Loadable<T | null>, stored?: T | null): T | null => (state.status === 'ready' ? state.value : (stored ?? null));

function missing<T>(state: Loadable<T | null>, texts: RecordShellProps<T>['texts']): JSX.Element {
  if (state.status === 'ready') return <Feedback kind={texts.notFoundKind ?? 'not-found'} text={texts.notFound} />;
  if (state.status === 'offline' && texts.offlineKind === 'error') return <Feedback kind="error" text={NEEDS_NETWORK} />;
  return loadFeedback(state, texts);
}

export function RecordShell<T>({ state, waiting, stored, staleNotice, texts, children, ...header }: RecordShellProps<T>): JSX.Element {
  const record = shownRecord(state, stored);
  let body: ReactNode;
  if (waiting) body = <Feedback kind="loading" text={texts.loading} />;
  else if (!record) body = missing(state, texts);
  else {
    if (state.status === 'error' && texts.logAs) console.error(texts.logAs, state.error);
    // One shape whether the record is the kept copy or the loaded one: its open sections stay open when it arrives.
    body = (
      <>
        {state.status === 'ready' ? null : staleNotice?.(state)}
        {children(record)}
      </>
    );
  }
  return (
    <Page>
      <PageHeader {...header} />
      {body}
    </Page>
  );
}
