/**
 * A list's table: one column definition per column, a row of icon buttons per record, and the
 * question before a delete (spec 001 section 2.5). On a narrow tablet the table scrolls sideways
 * and the buttons stay in view; on a phone each record is a card (table-parts.tsx, list.css).
 */
import { Alert, Button, HTMLTable, Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { memo, useId, useState, type JSX } from 'react';
import { Cells, FailedRow, HeaderRow, type Column } from './table-parts';
import { ACCIONES, CANCELAR, ELIMINAR } from './texts';
import './list.css';

export type { Column } from './table-parts';

export interface RowAction<R> {
  label: string;
  icon: IconName;
  run: (row: R) => void;
  /** The button spins while this row's action runs. */
  busy?: (row: R) => boolean;
}

export interface RowDelete<R> {
  /** The question of the confirmation. */
  question: string;
  /** The button's accessible name (default 'Eliminar'), e.g. 'Eliminar nómina'. */
  label?: string;
  remove: (row: R) => Promise<void>;
  /** The delete failed: the question closes and the screen tells why. */
  onError: (err: unknown) => void;
}

export interface DataTableProps<R> {
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** `data-testid` of each record's row. */
  rowTestId?: string;
  /** The buttons of each row, in order; a delete button (and its question) follows them. */
  actions?: readonly RowAction<R>[];
  onDelete?: RowDelete<R>;
  /** The load failed: a single row of each column's `failed` text instead of records. */
  failed?: boolean;
}

interface DataRowProps<R> {
  row: R;
  id: string;
  testId?: string;
  columns: readonly Column<R>[];
  withActions: boolean;
  actions: readonly RowAction<R>[];
  /** The delete button's name; none without a delete. */
  deleteLabel?: string;
  askDelete: (row: R) => void;
}

/**
 * One record's row. Memoised: a screen that redraws with the same row objects, columns and
 * actions (a live sync that changed none of the records shown) redraws none of its rows.
 */
const DataRow = memo(function DataRow<R>({ row, id, testId, columns, withActions, actions, deleteLabel, askDelete }: DataRowProps<R>): JSX.Element {
  return (
    <tr data-testid={testId} data-id={id} role="row">
      <Cells columns={columns} row={row} />
      {withActions ? (
        <td role="cell" className="list-actions-cell" data-label={ACCIONES}>
          <div className="list-row-actions">
            {actions.map((a) => (
              <Button key={a.label} variant="minimal" icon={a.icon} aria-label={a.label} title={a.label} loading={a.busy?.(row)} onClick={() => a.run(row)} />
            ))}
            {deleteLabel ? <Button variant="minimal" intent={Intent.DANGER} icon="trash" aria-label={deleteLabel} title={deleteLabel} onClick={() => askDelete(row)} /> : null}
          </div>
        </td>
      ) : null}
    </tr>
  );
}) as <R>(props: DataRowProps<R>) => JSX.Element;

/** No actions given: one list for every render, so memoised rows stay as they are. */
const NO_ACTIONS: readonly RowAction<never>[] = [];

export function DataTable<R>(props: DataTableProps<R>): JSX.Element {
  const { columns, rows, rowKey, rowTestId, actions = NO_ACTIONS as readonly RowAction<R>[], onDelete, failed } = props;
  const [toDelete, setToDelete] = useState<R | null>(null);
  const [deleting, setDeleting] = useState(false);
  const questionId = useId();
  const withActions = actions.length > 0 || !!onDelete;

  const confirmDelete = async () => {
    if (toDelete === null || !onDelete) return;
    setDeleting(true);
    try {
      await onDelete.remove(toDelete);
      setToDelete(null);
    } catch (err) {
      setToDelete(null);
      onDelete.onError(err);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="list-table-wrap">
      <HTMLTable className={withActions ? 'list-table list-table--actions' : 'list-table'} interactive striped role="table">
        <thead role="rowgroup">
          <HeaderRow columns={columns} extra={withActions ? ACCIONES : undefined} />
        </thead>
        <tbody role="rowgroup">
          {failed ? (
            <FailedRow columns={columns} extraCell={withActions} />
          ) : (
            rows.map((row) => (
              <DataRow
                key={rowKey(row)}
                row={row}
                id={rowKey(row)}
                testId={rowTestId}
                columns={columns}
                withActions={withActions}
                actions={actions}
                deleteLabel={onDelete ? (onDelete.label ?? ELIMINAR) : undefined}
                askDelete={setToDelete}
              />
            ))
          )}
        </tbody>
      </HTMLTable>
      {onDelete ? (
        <Alert
          aria-labelledby={questionId}
          isOpen={toDelete !== null}
          intent={Intent.DANGER}
          icon="trash"
          confirmButtonText={ELIMINAR}
          cancelButtonText={CANCELAR}
          loading={deleting}
          canEscapeKeyCancel
          onConfirm={() => void confirmDelete()}
          onCancel={() => setToDelete(null)}
        >
          <p id={questionId}>{onDelete.question}</p>
        </Alert>
      ) : null}
    </div>
  );
}
