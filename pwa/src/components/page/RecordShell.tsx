/**
 * The page of a screen about one record (a detail or a form over a record read from a resource):
 * its header, then loading, the network it needs, a failed load or a record that does not exist,
 * and the record's content only once it is there.
 */
import type { JSX, ReactNode } from 'react';
import type { Loadable } from '../../lib/data/hooks';
import { Feedback } from '../feedback/Feedback';
import { loadFeedback, type LoadFeedbackTexts } from '../feedback/load-feedback';
import { Page, PageHeader, type PageHeaderProps } from './Page';

export interface RecordShellProps<T> extends PageHeaderProps {
  /** The record as `useRecord` loads it (null: it does not exist or is not the person's to see). */
  state: Loadable<T | null>;
  texts: LoadFeedbackTexts & {
    /** What stands when the record does not exist. */
    notFound: string;
    /** How that is shown (default 'not-found'; 'error' where a missing record is a failure of the page). */
    notFoundKind?: 'not-found' | 'error';
  };
  children: (record: T) => ReactNode;
}

export function RecordShell<T>({ state, texts, children, ...header }: RecordShellProps<T>): JSX.Element {
  let body: ReactNode;
  if (state.status !== 'ready') body = loadFeedback(state, texts);
  else if (!state.value) body = <Feedback kind={texts.notFoundKind ?? 'not-found'} text={texts.notFound} />;
  else body = children(state.value);
  return (
    <Page>
      <PageHeader {...header} />
      {body}
    </Page>
  );
}
