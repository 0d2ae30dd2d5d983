/** What both list tables draw the same way: the header row, a record's cells, and the row of a failed load. */
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
    <tr>
      {columns.map((c) => (
        <th key={c.header} scope="col">
          {c.header}
        </th>
      ))}
      {extra ? <th scope="col">{extra}</th> : null}
    </tr>
  );
}

export function Cells<R>({ columns, row }: { columns: readonly Column<R>[]; row: R }): JSX.Element {
  return (
    <>
      {columns.map((c) => (
        <td key={c.header} className={cellClass(c)}>
          {c.cell(row)}
        </td>
      ))}
    </>
  );
}

/** A single row of each column's `failed` text instead of records; `extraCell` keeps a last column. */
export function FailedRow<R>({ columns, extraCell }: { columns: readonly Column<R>[]; extraCell?: boolean }): JSX.Element {
  return (
    <tr data-testid="error-row">
      {columns.map((c) => (
        <td key={c.header} className={cellClass(c)}>
          {c.failed}
        </td>
      ))}
      {extraCell ? <td /> : null}
    </tr>
  );
}
