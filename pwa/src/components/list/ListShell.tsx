/**
 * The page of a REST list screen: its header, then either the network it needs (offline) or the
 * list: the screen's tools, the delete notice, the load error with a retry, and the table of the
 * rows the search shows under loading, empty and no-match states, and the delete question. The
 * screen brings the header, tools, columns and texts.
 */
import { useEffect, type JSX, type ReactNode } from 'react';
import { Feedback } from '../feedback/Feedback';
import { Page } from '../page/Page';
import { DeleteNotice, DeleteQuestion, type DeleteFlow } from './delete-flow';
import { ListContent } from './ListContent';
import { LoadErrorBanner } from './LoadErrorBanner';
import { SelectTable, type SelectTableProps } from './SelectTable';
import { REINTENTAR } from './texts';
import type { ListController } from './use-list';

/** What the screen says of its table; the rows, their keys, the selection and the failure come from the list. */
export interface ListShellTable<T> extends Pick<SelectTableProps<T>, 'label' | 'columns' | 'onOpen' | 'rowTestId'> {
  /** A row clicked or reached by the arrows (default: selecting it in the URL). */
  onSelect?: (key: string | null) => void;
}

export interface ListShellProps<T> {
  list: ListController<T>;
  header: ReactNode;
  /** Still deciding whether the person may read the list: loading instead of the list. */
  waiting?: boolean;
  /** Above the notices (search, export, count). */
  tools: ReactNode;
  /** Between the notices and the table (a toolbar acting on the selected row). */
  beforeTable?: ReactNode;
  /** Deleting the selected row (`useListDelete`); a read-only list has none. */
  deletion?: DeleteFlow<T>;
  /** The question before a delete, and which record under it (its name or e-mail). */
  deleteQuestion?: { question: ReactNode; detail: (row: T) => ReactNode };
  /** The load error's text; the server's reason follows when it gave one. */
  loadError: string;
  /** What the console says with a failed load's error (none: the screen does not log it). */
  logAs?: string;
  retryText?: string;
  /** The state of a list with no records at all. */
  empty: ReactNode;
  noMatch: string;
  /** The table of the rows shown, one selected for the screen's buttons; a failed load shows it too, with its failure row. */
  table: ListShellTable<T>;
  /** Other dialogs of the screen. */
  children?: ReactNode;
  /** The id a test finds the offline notice by. */
  offlineTestId?: string;
}

/** A finished sentence is followed by the reason; an unfinished one takes a colon. */
export const withReason = (text: string, said: string | undefined): string => (said ? `${text}${/[.!?]$/.test(text) ? ' ' : ': '}${said}` : text);

export function ListShell<T>(props: ListShellProps<T>): JSX.Element {
  const { list, logAs } = props;
  const { state } = list;
  useEffect(() => {
    if (logAs && state.status === 'error') console.error(logAs, state.error);
  }, [logAs, state]);
  let body: ReactNode;
  if (props.waiting) body = <Feedback kind="loading" />;
  else if (state.status === 'offline') body = <Feedback kind="offline" testId={props.offlineTestId} />;
  else
    body = (
      <>
        {props.tools}
        {props.deletion ? <DeleteNotice flow={props.deletion} /> : null}
        {state.status === 'error' ? <LoadErrorBanner error={state.error} text={(said) => withReason(props.loadError, said)} retry={list.reload} retryText={props.retryText ?? REINTENTAR} /> : null}
        {props.beforeTable}
        <ListContent status={state.status} hasRecords={list.all.length > 0} matches={list.shown.length} noMatch={props.noMatch} empty={props.empty}>
          <SelectTable
            {...props.table}
            rows={list.shown}
            rowKey={list.rowKey}
            selected={list.current ? list.rowKey(list.current) : null}
            onSelect={props.table.onSelect ?? list.setSelected}
            failed={state.status === 'error'}
          />
        </ListContent>
      </>
    );
  return (
    <Page>
      {props.header}
      {body}
      {props.deletion && props.deleteQuestion ? <DeleteQuestion flow={props.deletion} {...props.deleteQuestion} /> : null}
      {props.children}
    </Page>
  );
}
