/**
 * What both list tables draw the same way: the header row, a record's cells, and the row of a
 * failed load. Each cell carries its column's header (`data-label`): on a phone the table is drawn
 * as one card per record (list.css), each value under the name of its column. The roles are
 * written out because a table drawn with `display: block` loses its implicit ones in some browsers.
 */
import type { JSX, ReactNode } from 'react';

export interface Column<R> {
  header: string;
  cell: (row: R) => ReactNode;
  /** What this column shows in the row that stands for a failed load. */
  failed?: ReactNode;
  /** Keeps the cell on one line (dates). */
  nowrap?: boolean;
}

const cellClass = <R,>(c: Column<R>) => (c.nowrap ? 'list-nowrap' : undefined);

/** The header row; `extra` is the header of a last column of buttons. */
export function HeaderRow<R>({ columns, extra }: { columns: readonly Column<R>[]; extra?: string }): JSX.Element {
  return (
    <tr role="row">
      {columns.map((c) => (
        <th key={c.header} scope="col" role="columnheader">
          {c.header}
        </th>
      ))}
      {extra ? (
        <th scope="col" role="columnheader">
          {extra}
        </th>
      ) : null}
    </tr>
  );
}

/** `cellRole`: 'gridcell' in a grid (SelectTable), 'cell' in a table. */
export function Cells<R>({ columns, row, cellRole = 'cell' }: { columns: readonly Column<R>[]; row: R; cellRole?: 'cell' | 'gridcell' }): JSX.Element {
  return (
    <>
      {columns.map((c) => (
        <td key={c.header} className={cellClass(c)} data-label={c.header} role={cellRole}>
          {c.cell(row)}
        </td>
      ))}
    </>
  );
}

/** A single row of each column's `failed` text instead of records; `extraCell` keeps a last column. */
export function FailedRow<R>({ columns, extraCell }: { columns: readonly Column<R>[]; extraCell?: boolean }): JSX.Element {
  return (
    <tr data-testid="error-row" role="row">
      {columns.map((c) => (
        <td key={c.header} className={cellClass(c)} data-label={c.header}>
          {c.failed}
        </td>
      ))}
      {extraCell ? <td /> : null}
    </tr>
  );
}
