/**
 * A person's devices as a table (a card per device on a phone, the list kit's DataTable): the
 * label with 'Este dispositivo' on the current one, when it signed in, its last contact, its last
 * successful sync and what the gateway refused of it; and, when given, the erase button of each
 * device but the current one (that one signs out instead).
 */
import { Button, Intent, Tag } from '@blueprintjs/core';
import type { JSX } from 'react';
import { formatDateTime } from '../../../../couch-design/format';
import { DataTable, type Column } from '../../components/list';
import type { Dispositivo } from '../../lib/resources';
import { AYUDA_RECHAZADOS, BTN_BORRAR, COLUMNA, ESTE_DISPOSITIVO, NUNCA } from './texts';

const when = (iso: string | null): string => formatDateTime(iso, NUNCA);

const COLUMNS: readonly Column<Dispositivo>[] = [
  {
    header: COLUMNA.dispositivo,
    cell: (d) => (
      <span className="dispositivo-etiqueta">
        {d.etiqueta}
        {d.actual ? (
          <Tag intent={Intent.PRIMARY} minimal round data-testid="este-dispositivo">
            {ESTE_DISPOSITIVO}
          </Tag>
        ) : null}
      </span>
    ),
  },
  { header: COLUMNA.inicio, cell: (d) => when(d.inicio), nowrap: true },
  { header: COLUMNA.contacto, cell: (d) => when(d.ultimo_contacto), nowrap: true },
  { header: COLUMNA.sincronizacion, cell: (d) => when(d.ultima_sincronizacion), nowrap: true },
  {
    header: COLUMNA.rechazados,
    cell: (d) => (
      <span title={AYUDA_RECHAZADOS} className={d.rechazados > 0 ? 'dispositivo-rechazados' : undefined}>
        {d.rechazados.toLocaleString('es-MX')}
      </span>
    ),
  },
];

export interface DeviceTableProps {
  devices: readonly Dispositivo[];
  /** 'Borrar datos de este dispositivo' of a device (the asker's own list only). */
  onErase?: (device: Dispositivo) => void;
}

export function DeviceTable({ devices, onErase }: DeviceTableProps): JSX.Element {
  const columns: readonly Column<Dispositivo>[] = onErase
    ? [
        ...COLUMNS,
        {
          header: COLUMNA.acciones,
          cell: (d) =>
            d.actual ? null : (
              <Button size="small" variant="outlined" intent={Intent.DANGER} icon="trash" onClick={() => onErase(d)}>
                {BTN_BORRAR}
              </Button>
            ),
        },
      ]
    : COLUMNS;
  return <DataTable columns={columns} rows={devices} rowKey={(d) => d.id} rowTestId="dispositivo" />;
}
