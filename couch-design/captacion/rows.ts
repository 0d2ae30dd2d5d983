/**
 * The captación's label/value sections, declared once and drawn by the detail screen, the conflict
 * view and the PDF (issue 21): which fields each section shows, in which order, how to read each
 * value from a complete document (`formToDoc`) and what kind of value it is. Each place picks its
 * name of the label (labels.ts) and writes the kinds its own way (`ValueWriter`): the PDF in the
 * fonts it can print, the screens with the kit's es-MX helpers.
 *
 * Debts and references are lists (cards, a table, one line each) and are drawn by each place.
 */
import { CAPTACION_LABELS as L, type FieldLabel } from './labels';
import { addressLine, SIN_DIRECCION } from './rules';
import type { NewCaptacion } from './types';

export type ValueKind = 'text' | 'number' | 'money' | 'date' | 'yesNo';

export interface CaptacionRow {
  readonly label: FieldLabel;
  readonly kind: ValueKind;
  readonly read: (c: NewCaptacion) => unknown;
  /** What follows a number ('145.5 m²'); antigüedad's depends on the number ('1 año', '7 años'). */
  readonly unit?: (n: number) => string;
  /** A long text: the detail gives it a whole line of its grid. */
  readonly wide?: boolean;
  /**
   * Spec 4: a sale detail, which exists only while the property is on sale. The PDF and the
   * conflict view leave it out otherwise; the detail keeps its place and shows '-'.
   */
  readonly onSaleOnly?: boolean;
}

export interface CaptacionRowGroup {
  /** The detail's heading over the group. The printed labels carry that context instead ('Teléfono del comprador'). */
  readonly heading?: string;
  /** Documents handed over or not: the detail draws read-only check boxes, the others write Sí/No. */
  readonly checklist?: boolean;
  readonly rows: readonly CaptacionRow[];
}

/** The sections made of label/value rows (the keys of the conflict view's sections). */
export type CaptacionRowSection = 'propietario' | 'propiedad' | 'datos_laborales' | 'documentos' | 'venta';

type RowOptions = Pick<CaptacionRow, 'wide' | 'unit'>;
const row = (kind: ValueKind) => (label: FieldLabel, read: (c: NewCaptacion) => unknown, options: RowOptions = {}): CaptacionRow => ({ label, kind, read, ...options });
const text = row('text');
const number = row('number');
const money = row('money');
const date = row('date');
const yesNo = row('yesNo');
const unit = (name: string) => () => name;
const onSale = (rows: CaptacionRow[]): CaptacionRow[] => rows.map((r) => ({ ...r, onSaleOnly: true }));

/** The property's address as one line, empty when it has none (so it reads '-' like any empty value). */
function propertyAddress(c: NewCaptacion): string {
  const line = addressLine(c.propiedad.direccion);
  return line === SIN_DIRECCION ? '' : line;
}

/** A year is written without a thousands separator ('1998', not '1,998'). */
const year = (v: unknown): string => (typeof v === 'number' ? String(v) : '');

export const CAPTACION_ROWS: Readonly<Record<CaptacionRowSection, readonly CaptacionRowGroup[]>> = {
  propietario: [
    {
      rows: [
        text(L.propietario.nombre, (c) => c.propietario.nombre),
        text(L.propietario.telefono, (c) => c.propietario.telefono),
        text(L.propietario.correo, (c) => c.propietario.correo),
        text(L.propietario.direccion, (c) => c.propietario.direccion, { wide: true }),
        text(L.propietario.identificacion, (c) => c.propietario.identificacion),
        text(L.propietario.nss, (c) => c.propietario.nss),
        text(L.propietario.rfc, (c) => c.propietario.rfc),
        text(L.propietario.curp, (c) => c.propietario.curp),
        text(L.propietario.estado_civil, (c) => c.propietario.estado_civil),
      ],
    },
  ],
  propiedad: [
    {
      rows: [
        text(L.propiedad.tipo, (c) => c.propiedad.tipo),
        text(L.propiedad.direccion, propertyAddress, { wide: true }),
        number(L.propiedad.m2_terreno, (c) => c.propiedad.caracteristicas.m2_terreno, { unit: unit('m²') }),
        number(L.propiedad.m2_construccion, (c) => c.propiedad.caracteristicas.m2_construccion, { unit: unit('m²') }),
        number(L.propiedad.habitaciones, (c) => c.propiedad.caracteristicas.habitaciones),
        number(L.propiedad.baños, (c) => c.propiedad.caracteristicas.baños),
        number(L.propiedad.cocheras, (c) => c.propiedad.caracteristicas.cocheras),
        text(L.propiedad.año_construccion, (c) => year(c.propiedad.caracteristicas.año_construccion)),
        text(L.propiedad.descripcion, (c) => c.propiedad.caracteristicas.descripcion, { wide: true }),
      ],
    },
  ],
  datos_laborales: [
    {
      rows: [
        text(L.laborales.empresa, (c) => c.datos_laborales.empresa),
        text(L.laborales.puesto, (c) => c.datos_laborales.puesto),
        text(L.laborales.area, (c) => c.datos_laborales.area),
        text(L.laborales.turno, (c) => c.datos_laborales.turno),
        number(L.laborales.antiguedad, (c) => c.datos_laborales.antiguedad, { unit: (n) => (n === 1 ? 'año' : 'años') }),
        money(L.laborales.ingresos_mensuales, (c) => c.datos_laborales.ingresos_mensuales),
        text(L.laborales.telefono, (c) => c.datos_laborales.telefono),
        text(L.laborales.direccion, (c) => c.datos_laborales.direccion, { wide: true }),
        text(L.laborales.registro_patronal, (c) => c.datos_laborales.registro_patronal),
      ],
    },
  ],
  documentos: [
    {
      checklist: true,
      rows: [
        yesNo(L.documentos.ine, (c) => c.documentos_entregados.ine),
        yesNo(L.documentos.curp, (c) => c.documentos_entregados.curp),
        yesNo(L.documentos.rfc, (c) => c.documentos_entregados.rfc),
        yesNo(L.documentos.escrituras, (c) => c.documentos_entregados.escrituras),
        yesNo(L.documentos.comprobante_domicilio, (c) => c.documentos_entregados.comprobante_domicilio),
        yesNo(L.documentos.predial_pagado, (c) => c.documentos_entregados.predial_pagado),
        yesNo(L.documentos.libre_gravamen, (c) => c.documentos_entregados.libre_gravamen),
      ],
    },
    { rows: [text(L.documentos.observaciones, (c) => c.documentos_entregados.observaciones, { wide: true })] },
  ],
  venta: [
    {
      rows: [
        yesNo(L.venta.en_venta, (c) => c.venta.en_venta),
        ...onSale([
          money(L.venta.precio_venta, (c) => c.venta.precio_venta),
          number(L.venta.comision_venta, (c) => c.venta.comision_venta, { unit: unit('%') }),
          date(L.venta.fecha_venta, (c) => c.venta.fecha_venta),
          text(L.venta.estatus_venta, (c) => c.venta.estatus_venta),
          text(L.venta.tipo_credito, (c) => c.venta.tipo_credito),
          text(L.venta.observaciones, (c) => c.venta.observaciones, { wide: true }),
        ]),
      ],
    },
    {
      heading: 'Comprador',
      rows: onSale([
        text(L.comprador.nombre, (c) => c.venta.comprador.nombre),
        text(L.comprador.telefono, (c) => c.venta.comprador.telefono),
        text(L.comprador.correo, (c) => c.venta.comprador.correo),
        text(L.comprador.direccion, (c) => c.venta.comprador.direccion, { wide: true }),
      ]),
    },
    {
      heading: 'Documentos de la venta',
      checklist: true,
      rows: onSale([
        yesNo(L.documentosVenta.contrato, (c) => c.venta.documentos_entregados.contrato),
        yesNo(L.documentosVenta.identificacion, (c) => c.venta.documentos_entregados.identificacion),
        yesNo(L.documentosVenta.constancia_credito, (c) => c.venta.documentos_entregados.constancia_credito),
      ]),
    },
  ],
};

/** How a place writes each kind of value; `unit` is '' when the row has none. */
export type ValueWriter = Readonly<Record<ValueKind, (value: unknown, unit: string) => string>>;

/** A row's value as text, written the way `write` writes its kind. */
export function rowValue(row: CaptacionRow, c: NewCaptacion, write: ValueWriter): string {
  const value = row.read(c);
  // A legacy text where a number belongs still has a unit, so the writer shows it as no number ('-').
  return write[row.kind](value, row.unit ? row.unit(typeof value === 'number' ? value : NaN) : '');
}

/**
 * A section as one list of label/value pairs, as the PDF prints it and the conflict view lists it:
 * no headings inside it, so each label is the printed one that keeps its context, and the sale
 * details only while the property is on sale.
 */
export function printedRows(c: NewCaptacion, section: CaptacionRowSection, write: ValueWriter): Array<[label: string, value: string]> {
  return CAPTACION_ROWS[section]
    .flatMap((group) => group.rows)
    .filter((r) => !r.onSaleOnly || c.venta.en_venta)
    .map((r) => [r.label.printed, rowValue(r, c, write)]);
}
