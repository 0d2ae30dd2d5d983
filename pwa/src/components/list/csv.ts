/**
 * 'Exportar CSV': the rows a list shows (every page of the current search), as a spreadsheet
 * opens them in Mexico: UTF-8 with a byte-order mark (Excel needs it for the accents), commas,
 * CRLF line ends, each cell exactly as on screen.
 */
import { saveFile } from '../../lib/download';

/** One column of the export: its header and the text of a row's cell. */
export interface CsvColumn<R> {
  header: string;
  value: (row: R) => string;
}

const BOM = '\uFEFF';

/**
 * Quotes when needed (RFC 4180). A cell a spreadsheet would run as a formula gets a leading
 * apostrophe: the text of a record is typed by people, and exports are opened by others.
 */
export function csvCell(value: string): string {
  let v = value;
  if (/^[=+\-@\t\r]/.test(v) && v.length > 1) v = `'${v}`;
  return /[",\r\n]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v;
}

export function toCsv<R>(columns: readonly CsvColumn<R>[], rows: readonly R[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return BOM + lines.join('\r\n') + '\r\n';
}

/** <base>_2026-05-03.csv, or <base>_busqueda_2026-05-03.csv for a filtered list: the day in Mexico. */
export function csvFileName(base: string, now: Date, filtered: boolean): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(now);
  return `${base}${filtered ? '_busqueda' : ''}_${day}.csv`;
}

export interface CsvExport<R> {
  columns: readonly CsvColumn<R>[];
  /** The file name's start, e.g. 'captaciones'. */
  baseName: string;
}

export function downloadCsv<R>(spec: CsvExport<R>, rows: readonly R[], filtered: boolean, now = new Date()): void {
  saveFile(new Blob([toCsv(spec.columns, rows)], { type: 'text/csv;charset=utf-8' }), csvFileName(spec.baseName, now, filtered), 'text/csv');
}
