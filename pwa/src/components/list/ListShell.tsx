/**
 * The page of a REST list screen: its header, then either the network it needs (offline) or the
 * list: the screen's tools, the delete notice, the load error with a retry, and the table under
 * loading, empty and no-match states. The screen brings the header, tools, table and texts.
 */
import type { JSX, ReactNode } from 'react';
import { Feedback } from '../feedback/Feedback';
import { Page } from '../page/Page';
import { DeleteNotice, type DeleteFlow } from './delete-flow';
import { ListContent } from './ListContent';
import { LoadErrorBanner } from './LoadErrorBanner';
import type { ListController } from './use-list';

export interface ListShellProps<T> {
  list: ListController<T>;
  header: ReactNode;
  /** Still deciding whether the person may read the list: loading instead of the list. */
  waiting?: boolean;
  /** Above the notices (search, export, count). */
  tools: ReactNode;
  /** Between the notices and the table (a toolbar acting on the selected row). */
  beforeTable?: ReactNode;
  deletion: DeleteFlow<T>;
  /** The load error's text, given the server's reason when it gave one. */
  loadError: (said: string | undefined) => string;
  retryText: string;
  /** The state of a list with no records at all. */
  empty: ReactNode;
  noMatch: string;
  /** The table; a failed load shows it too, with its failure row. */
  table: ReactNode;
  /** Dialogs of the screen (the delete question...). */
  children?: ReactNode;
  /** The id a test finds the offline notice by. */
  offlineTestId?: string;
}

export function ListShell<T>(props: ListShellProps<T>): JSX.Element {
  const { list } = props;
  const { state } = list;
  let body: ReactNode;
  if (props.waiting) body = <Feedback kind="loading" />;
  else if (state.status === 'offline') body = <Feedback kind="offline" testId={props.offlineTestId} />;
  else
    body = (
      <>
        {props.tools}
        <DeleteNotice flow={props.deletion} />
        {state.status === 'error' ? <LoadErrorBanner error={state.error} text={props.loadError} retry={list.reload} retryText={props.retryText} /> : null}
        {props.beforeTable}
        <ListContent status={state.status} hasRecords={list.all.length > 0} matches={list.shown.length} noMatch={props.noMatch} empty={props.empty}>
          {props.table}
        </ListContent>
      </>
    );
  return (
    <Page>
      {props.header}
      {body}
      {props.children}
    </Page>
  );
}
