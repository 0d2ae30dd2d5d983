/** The employees list's columns and its CSV (spec 000 section 2): what the table shows, the export repeats. */
import { fullName, type EmpleadoPublico } from '../../../../../couch-design/empleado';
import { formatMoney } from '../../../../../couch-design/format';
import { StatusTag, type StatusChip } from '../../../components/feedback';
import type { Column, CsvExport } from '../../../components/list';
import { COL_CORREO, COL_ESTADO, COL_NOMBRE, COL_PUESTO, COL_SALARIO, COL_TELEFONO, CSV_BASE, ERROR_CARGAR_LISTA } from '../texts';

/** Green when Activo, red otherwise. */
export const estadoChip = (estado: string): StatusChip => ({ label: estado || '-', color: estado === 'Activo' ? 'green' : 'red' });

const text = (v: string | null | undefined): string => v ?? '';

export const EMPLEADO_COLUMNS: Column<EmpleadoPublico>[] = [
  { header: COL_NOMBRE, failed: ERROR_CARGAR_LISTA, cell: (e) => <span className="list-cell-main">{fullName(e)}</span> },
  { header: COL_CORREO, cell: (e) => text(e.email) },
  { header: COL_PUESTO, cell: (e) => e.pust },
  { header: COL_TELEFONO, nowrap: true, cell: (e) => e.telefono },
  { header: COL_ESTADO, cell: (e) => <StatusTag chip={estadoChip(e.estado)} /> },
  { header: COL_SALARIO, nowrap: true, cell: (e) => formatMoney(e.salario) },
];

export const EMPLEADOS_CSV: CsvExport<EmpleadoPublico> = {
  baseName: CSV_BASE,
  columns: [
    { header: COL_NOMBRE, value: (e) => fullName(e) },
    { header: COL_CORREO, value: (e) => text(e.email) },
    { header: COL_PUESTO, value: (e) => e.pust },
    { header: COL_TELEFONO, value: (e) => e.telefono },
    { header: COL_ESTADO, value: (e) => e.estado },
    { header: COL_SALARIO, value: (e) => formatMoney(e.salario) },
  ],
};
