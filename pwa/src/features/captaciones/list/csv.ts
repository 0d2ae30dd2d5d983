/**
 * 'Exportar CSV': the rows the list shows (every page of the current search), as a spreadsheet
 * opens them in Mexico: UTF-8 with a byte-order mark (Excel needs it for the accents), commas,
 * CRLF line ends, es-MX dates exactly as on screen.
 */
import type { ListRow } from './rows';

export const CSV_HEADERS = [
  'ID',
  'Propiedad',
  'Dirección',
  'Propietario',
  'Ubicación',
  'Última Actualización',
  'Estatus',
  'Fecha',
] as const;

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

export function rowsToCsv(rows: readonly ListRow[]): string {
  const lines = [CSV_HEADERS.map(csvCell).join(',')];
  for (const r of rows) {
    lines.push(
      [r.id, r.propiedad, r.direccion, r.propietario, r.ubicacion, r.ultimaActualizacion, r.estatus.label, r.fecha]
        .map(csvCell)
        .join(','),
    );
  }
  return BOM + lines.join('\r\n') + '\r\n';
}

/** captaciones_2026-05-03.csv, or captaciones_busqueda_2026-05-03.csv for a filtered list. */
export function csvFileName(now: Date, filtered: boolean): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(now);
  return `captaciones${filtered ? '_busqueda' : ''}_${day}.csv`;
}
