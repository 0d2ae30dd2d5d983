/** 'Exportar CSV' of the captaciones list: the columns of spec 001 section 2.5 plus the id, as on screen. */
import { csvFileName as kitFileName, toCsv, type CsvColumn, type CsvExport } from '../../../components/list';
import { LIST_COLUMNS } from '../texts';
import type { ListRow } from './rows';

// The headers of the columns on screen, as the screen writes them.
const [PROPIEDAD, PROPIETARIO, UBICACION, ULTIMA_ACTUALIZACION, ESTATUS, FECHA] = LIST_COLUMNS;

const COLUMNS: CsvColumn<ListRow>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: PROPIEDAD, value: (r) => r.propiedad },
  { header: 'Dirección', value: (r) => r.direccion },
  { header: PROPIETARIO, value: (r) => r.propietario },
  { header: UBICACION, value: (r) => r.ubicacion },
  { header: ULTIMA_ACTUALIZACION, value: (r) => r.ultimaActualizacion },
  { header: ESTATUS, value: (r) => r.estatus.label },
  { header: FECHA, value: (r) => r.fecha },
];

export const CAPTACIONES_CSV: CsvExport<ListRow> = { columns: COLUMNS, baseName: 'captaciones' };
export const CSV_HEADERS = COLUMNS.map((c) => c.header);

export const rowsToCsv = (rows: readonly ListRow[]): string => toCsv(COLUMNS, rows);

/** captaciones_2026-05-03.csv, or captaciones_busqueda_2026-05-03.csv for a filtered list. */
export const csvFileName = (now: Date, filtered: boolean): string => kitFileName(CAPTACIONES_CSV.baseName, now, filtered);
