/** 'Exportar CSV' of the captaciones list: the columns of spec 001 section 2.5 plus the id, as on screen. */
import { csvFileName as kitFileName, toCsv, type CsvColumn, type CsvExport } from '../../../components/list';
import type { ListRow } from './rows';

const COLUMNS: CsvColumn<ListRow>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'Propiedad', value: (r) => r.propiedad },
  { header: 'Dirección', value: (r) => r.direccion },
  { header: 'Propietario', value: (r) => r.propietario },
  { header: 'Ubicación', value: (r) => r.ubicacion },
  { header: 'Última Actualización', value: (r) => r.ultimaActualizacion },
  { header: 'Estatus', value: (r) => r.estatus.label },
  { header: 'Fecha', value: (r) => r.fecha },
];

export const CAPTACIONES_CSV: CsvExport<ListRow> = { columns: COLUMNS, baseName: 'captaciones' };
export const CSV_HEADERS = COLUMNS.map((c) => c.header);

export const rowsToCsv = (rows: readonly ListRow[]): string => toCsv(COLUMNS, rows);

/** captaciones_2026-05-03.csv, or captaciones_busqueda_2026-05-03.csv for a filtered list. */
export const csvFileName = (now: Date, filtered: boolean): string => kitFileName(CAPTACIONES_CSV.baseName, now, filtered);
