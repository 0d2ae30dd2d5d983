/**
 * The payslip tables (employee profile, 'Mi Nómina', profile 'Nóminas'): Fecha, Concepto, the
 * amount under the screen's own header (Salario or Monto), Acciones. Few short columns: the table
 * fits a phone instead of scrolling sideways.
 */
import type { JSX } from 'react';
import { conceptoLabel, fechaLabel, salarioLabel, type Nomina } from '../../../../../couch-design/nomina';
import { DataTable, type Column, type CsvExport, type RowAction, type RowDelete } from '../../../components/list';
import { COL_CONCEPTO, COL_FECHA, COL_SALARIO, CSV_BASE } from '../texts';
import '../nominas.css';

function columns(amountHeader: string): Column<Nomina>[] {
  return [
    { header: COL_FECHA, nowrap: true, cell: fechaLabel },
    { header: COL_CONCEPTO, cell: (n) => <span className="nominas-concepto">{conceptoLabel(n)}</span> },
    { header: amountHeader, nowrap: true, cell: (n) => <span className="nominas-monto">{salarioLabel(n)}</span> },
  ];
}

export interface NominasTableProps {
  rows: readonly Nomina[];
  /** 'Salario' or 'Monto'. */
  amountHeader: string;
  actions: readonly RowAction<Nomina>[];
  onDelete?: RowDelete<Nomina>;
}

export function NominasTable({ rows, amountHeader, actions, onDelete }: NominasTableProps): JSX.Element {
  return (
    <div className="nominas-table">
      <DataTable columns={columns(amountHeader)} rows={rows} rowKey={(n) => n._id} rowTestId="nomina-row" actions={actions} onDelete={onDelete} />
    </div>
  );
}

/** 'Exportar CSV': each cell as the table shows it. */
export const NOMINAS_CSV: CsvExport<Nomina> = {
  baseName: CSV_BASE,
  columns: [
    { header: COL_FECHA, value: fechaLabel },
    { header: COL_CONCEPTO, value: conceptoLabel },
    { header: COL_SALARIO, value: salarioLabel },
  ],
};
