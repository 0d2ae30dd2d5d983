/** The seven read-only tabs of the detail screen (spec 001 section 2.6). */
import { Card, Icon, Tag } from '@blueprintjs/core';
import type { JSX, ReactNode } from 'react';
import {
  CAPTACION_LABELS,
  CAPTACION_ROWS,
  CAPTACION_TABS,
  debtStatusChip,
  rowValue,
  saleStatusChip,
  type Captacion,
  type CaptacionRow,
  type CaptacionRowGroup,
  type CaptacionRowSection,
  type FieldLabel,
} from '../../../../../couch-design/captacion';
import { Avatar, Facts, money, orDash, ReadOnlyCheck, siNo, StatusTag } from '../../../components/feedback';
import { PanelTabs } from '../../../components/page';
import { SCREEN_VALUES } from '../row-values';
import { SIN_ADEUDOS, SIN_REFERENCIAS_DETALLE } from '../texts';

/** The values the detail draws as tags rather than text: the sale's state. */
const TAGGED = new Map<FieldLabel, (value: unknown) => ReactNode>([
  [
    CAPTACION_LABELS.venta.en_venta,
    (enVenta) => (
      <Tag round intent={enVenta === true ? 'success' : 'none'}>
        {siNo(enVenta)}
      </Tag>
    ),
  ],
  [CAPTACION_LABELS.venta.estatus_venta, (estatus) => <StatusTag chip={saleStatusChip(estatus)} />],
]);

const shownValue = (row: CaptacionRow, c: Captacion): ReactNode => TAGGED.get(row.label)?.(row.read(c)) ?? rowValue(row, c, SCREEN_VALUES);

function RowGroup({ c, group }: { c: Captacion; group: CaptacionRowGroup }): JSX.Element {
  const rows = group.checklist ? (
    <div className="page-checks">
      {group.rows.map((r) => (
        <ReadOnlyCheck key={r.label.shown} label={r.label.shown} checked={r.read(c)} />
      ))}
    </div>
  ) : (
    <Facts items={group.rows.map((r) => ({ label: r.label.shown, value: shownValue(r, c), wide: r.wide }))} />
  );
  return (
    <>
      {/* Under the page's 'Fotos de la propiedad' (h2). */}
      {group.heading && <h3 className="page-subtitle">{group.heading}</h3>}
      {rows}
    </>
  );
}

/** A section of label/value rows (couch-design/captacion/rows.ts), its groups one under the other. */
const rowsPanel = (section: CaptacionRowSection) =>
  function RowsPanel({ c }: { c: Captacion }): JSX.Element {
    return (
      <>
        {CAPTACION_ROWS[section].map((group, i) => (
          <RowGroup key={i} c={c} group={group} />
        ))}
      </>
    );
  };

function Adeudos({ c }: { c: Captacion }): JSX.Element {
  const list = c.propiedad.adeudos;
  if (list.length === 0) return <p className="page-empty">{SIN_ADEUDOS}</p>;
  return (
    <div className="page-cards">
      {list.map((a, i) => (
        <Card key={i} className="page-row-card">
          <div className="page-row-card__head">
            <strong>{orDash(a.tipo)}</strong>
            <StatusTag chip={debtStatusChip(a.estatus)} />
          </div>
          <Facts
            items={[
              { label: CAPTACION_LABELS.adeudo.monto.shown, value: money(a.monto) },
              { label: CAPTACION_LABELS.adeudo.numero_referencia.shown, value: orDash(a.numero_referencia) },
              { label: CAPTACION_LABELS.adeudo.descripcion.shown, value: orDash(a.descripcion), wide: true },
            ]}
          />
        </Card>
      ))}
    </div>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (parts[0]?.[0] ?? '?').toUpperCase() + (parts[1]?.[0] ?? '').toUpperCase();
}

function Referencias({ c }: { c: Captacion }): JSX.Element {
  const refs = c.referencias_personales;
  if (refs.length === 0) return <p className="page-empty">{SIN_REFERENCIAS_DETALLE}</p>;
  return (
    <div className="page-cards">
      {refs.map((r, i) => (
        <Card key={i} className="cap-ref-card">
          <Avatar src={r.avatar} letters={initials(r.nombre || '?')} />
          <div>
            <strong>{orDash(r.nombre)}</strong>
            <div className="page-muted">{orDash(r.relacion)}</div>
            <div>
              <Icon icon="phone" size={12} /> {orDash(r.telefono)}
            </div>
            <div className="page-muted">{orDash(r.direccion)}</div>
          </div>
        </Card>
      ))}
    </div>
  );
}

const PANELS = [rowsPanel('propietario'), rowsPanel('propiedad'), Adeudos, rowsPanel('datos_laborales'), Referencias, rowsPanel('documentos'), rowsPanel('venta')];

export function DetailTabs({ captacion }: { captacion: Captacion }): JSX.Element {
  const tabs = CAPTACION_TABS.map((title, i) => {
    const Section = PANELS[i];
    return { title, panel: <Section c={captacion} /> };
  });
  return <PanelTabs id="captacion-detalle-tabs" tabs={tabs} />;
}
