/**
 * A list's table where a click or the keyboard selects one row, and the screen's toolbar acts on
 * it (spec 000 sections 2 and 4: "Clicking a row selects it"; "none, then one row selected").
 * Keyboard: Tab reaches the table at the selected (or first) row; arrows, Home and End move and
 * select; Enter opens the selected row when `onOpen` is given; Escape clears the selection.
 */
import { HTMLTable } from '@blueprintjs/core';
import { useRef, type JSX, type KeyboardEvent } from 'react';
import { Cells, FailedRow, HeaderRow, type Column } from './table-parts';
import './list.css';

export interface SelectTableProps<R> {
  /** The table's accessible name (e.g. 'Empleados'). */
  label: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** The selected row's key, or null. A key that is not among `rows` selects nothing. */
  selected: string | null;
  onSelect: (key: string | null) => void;
  /** Double click, or Enter on the selected row: the row's main view. */
  onOpen?: (row: R) => void;
  /** `data-testid` of each record's row. */
  rowTestId?: string;
  /** The load failed: a single row of each column's `failed` text instead of records. */
  failed?: boolean;
}

export function SelectTable<R>(props: SelectTableProps<R>): JSX.Element {
  const { label, columns, rows, rowKey, selected, onSelect, onOpen, rowTestId, failed } = props;
  const body = useRef<HTMLTableSectionElement>(null);
  const keys = rows.map(rowKey);
  const focusIndex = Math.max(0, keys.indexOf(selected ?? ''));

  const moveTo = (index: number) => {
    const i = Math.min(Math.max(index, 0), rows.length - 1);
    if (i < 0) return;
    onSelect(keys[i]);
    (body.current?.children[i] as HTMLElement | undefined)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    const row = rows[index];
    switch (e.key) {
      case 'ArrowDown':
        moveTo(index + 1);
        break;
      case 'ArrowUp':
        moveTo(index - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case ' ':
        onSelect(keys[index]);
        break;
      case 'Enter':
        if (selected === keys[index] && onOpen) onOpen(row);
        else onSelect(keys[index]);
        break;
      case 'Escape':
        onSelect(null);
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  return (
    <div className="list-table-wrap">
      <HTMLTable className="list-table list-select-table" interactive striped role="grid" aria-label={label} aria-readonly>
        <thead role="rowgroup">
          <HeaderRow columns={columns} />
        </thead>
        <tbody ref={body} role="rowgroup">
          {failed ? (
            <FailedRow columns={columns} />
          ) : (
            rows.map((row, i) => {
              const key = keys[i];
              const isSelected = key === selected;
              return (
                <tr
                  key={key}
                  role="row"
                  data-testid={rowTestId}
                  data-id={key}
                  aria-selected={isSelected}
                  className={isSelected ? 'list-row--selected' : undefined}
                  tabIndex={i === focusIndex ? 0 : -1}
                  onClick={() => onSelect(key)}
                  onDoubleClick={onOpen ? () => onOpen(row) : undefined}
                  onKeyDown={(e) => onKeyDown(e, i)}
                >
                  <Cells columns={columns} row={row} cellRole="gridcell" />
                </tr>
              );
            })
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
}
