/**
 * The captación PDF: the seven sections of the detail screen (spec 2.6) with es-MX money and
 * dates, Sí/No for booleans and '-' for empty values. The gateway serves it from
 * `GET /api/captaciones/{id}/pdf`; the PWA makes the same file offline.
 */
import { formToDoc } from '../captacion/convert';
import { CAPTACION_LABELS as LABEL } from '../captacion/labels';
import { addressLine, lastUpdate, NUNCA_EDITADO, SIN_ADEUDOS, SIN_DIRECCION, SIN_REFERENCIAS } from '../captacion/rules';
import type { NewCaptacion } from '../captacion/types';
import { formatDate, formatDateTime, formatMoney } from '../format';
import { drawFotos, type PdfFotos } from './fotos';
import {
  addPageNumbers,
  drawHeader,
  EMPTY,
  formatNumber,
  listTable,
  loadPdfKit,
  orDash,
  sectionTable,
  siNo,
  toBytes,
  type Row,
} from './layout';

export interface CaptacionPdfOptions {
  /** The adviser's resolved name (the document stores an id). */
  asesor?: string;
  /** When the file is made; now by default. */
  generatedAt?: Date;
  /** The cover and thumbnails (fotos.ts `loadPdfFotos`); without them the PDF has no photos section. */
  fotos?: PdfFotos;
}

export const CAPTACION_PDF_TITLE = 'Captación Inmobiliaria';

const money = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? formatMoney(v) : EMPTY);
const date = (v: unknown): string => formatDate(v, EMPTY);
const address = (d: unknown): string => {
  const line = addressLine(d);
  return line === SIN_DIRECCION ? EMPTY : line;
};

const { adeudo, referencia } = LABEL;
const ADEUDO_COLUMNS = [adeudo.tipo, adeudo.estatus, adeudo.monto, adeudo.numero_referencia, adeudo.descripcion].map((l) => l.printed);
const REFERENCIA_COLUMNS = ['#', ...[referencia.nombre, referencia.relacion, referencia.telefono, referencia.direccion].map((l) => l.printed)];

/** The file name the browser saves (spec 7). */
export const captacionPdfFileName = (id: string): string => `captacion_${id}.pdf`;

export async function captacionPdf(input: NewCaptacion | Record<string, unknown>, opts: CaptacionPdfOptions = {}): Promise<Uint8Array> {
  // Legacy and partial records get every field, so a missing block prints '-' instead of failing.
  const c = formToDoc(input as Record<string, unknown>);
  const id = typeof (input as { _id?: unknown })._id === 'string' ? String((input as { _id: string })._id) : '';
  const kit = await loadPdfKit();
  const generated = opts.generatedAt ?? new Date();
  const last = lastUpdate(input);

  kit.doc.setProperties({ title: `${CAPTACION_PDF_TITLE} ${id}`.trim(), subject: 'Captación', creator: 'Inmobiliaria back-office' });

  let y = drawHeader(kit, CAPTACION_PDF_TITLE, [
    `Folio: ${id || EMPTY}`,
    `Generado: ${formatDateTime(generated, EMPTY)}`,
    `Estatus: ${orDash(c.estatus_actual)}   ·   Tipo de captación: ${orDash(c.captacion.tipo_captacion)}   ·   Fecha de captación: ${date(c.captacion.fecha)}`,
    `Asesor: ${orDash(opts.asesor)}`,
    `Última actualización: ${last ? `${last.usuario}${last.fecha ? `, ${formatDateTime(last.fecha, EMPTY)}` : ''}` : NUNCA_EDITADO}`,
  ]);

  // The property first, as a listing shows it: the cover under the header, the thumbnails below.
  y = drawFotos(kit, opts.fotos, y);

  const p = c.propietario;
  y = sectionTable(kit, '1. Propietario', [
    [LABEL.propietario.nombre.printed, orDash(p.nombre)],
    [LABEL.propietario.telefono.printed, orDash(p.telefono)],
    [LABEL.propietario.correo.printed, orDash(p.correo)],
    [LABEL.propietario.direccion.printed, orDash(p.direccion)],
    [LABEL.propietario.identificacion.printed, orDash(p.identificacion)],
    [LABEL.propietario.nss.printed, orDash(p.nss)],
    [LABEL.propietario.rfc.printed, orDash(p.rfc)],
    [LABEL.propietario.curp.printed, orDash(p.curp)],
    [LABEL.propietario.estado_civil.printed, orDash(p.estado_civil)],
  ], y);

  const prop = c.propiedad;
  const car = prop.caracteristicas;
  y = sectionTable(kit, '2. Propiedad', [
    [LABEL.propiedad.tipo.printed, orDash(prop.tipo)],
    [LABEL.propiedad.direccion.printed, address(prop.direccion)],
    [LABEL.propiedad.m2_terreno.printed, formatNumber(car.m2_terreno, 'm²')],
    [LABEL.propiedad.m2_construccion.printed, formatNumber(car.m2_construccion, 'm²')],
    [LABEL.propiedad.habitaciones.printed, formatNumber(car.habitaciones)],
    [LABEL.propiedad.baños.printed, formatNumber(car.baños)],
    [LABEL.propiedad.cocheras.printed, formatNumber(car.cocheras)],
    [LABEL.propiedad.año_construccion.printed, typeof car.año_construccion === 'number' ? String(car.año_construccion) : EMPTY],
    [LABEL.propiedad.descripcion.printed, orDash(car.descripcion)],
  ], y);

  const adeudos = prop.adeudos.map((a) => [orDash(a.tipo), orDash(a.estatus), money(a.monto), orDash(a.numero_referencia), orDash(a.descripcion)]);
  const totalAdeudos = prop.adeudos.reduce((sum, a) => sum + (typeof a.monto === 'number' && Number.isFinite(a.monto) ? a.monto : 0), 0);
  if (adeudos.length > 0) adeudos.push(['Total', '', formatMoney(totalAdeudos), '', '']);
  y = listTable(kit, '3. Adeudos', ADEUDO_COLUMNS, adeudos, SIN_ADEUDOS, y);

  const lab = c.datos_laborales;
  y = sectionTable(kit, '4. Datos Laborales', [
    [LABEL.laborales.empresa.printed, orDash(lab.empresa)],
    [LABEL.laborales.puesto.printed, orDash(lab.puesto)],
    [LABEL.laborales.area.printed, orDash(lab.area)],
    [LABEL.laborales.turno.printed, orDash(lab.turno)],
    [LABEL.laborales.antiguedad.printed, formatNumber(lab.antiguedad, lab.antiguedad === 1 ? 'año' : 'años')],
    [LABEL.laborales.ingresos_mensuales.printed, money(lab.ingresos_mensuales)],
    [LABEL.laborales.telefono.printed, orDash(lab.telefono)],
    [LABEL.laborales.direccion.printed, orDash(lab.direccion)],
    [LABEL.laborales.registro_patronal.printed, orDash(lab.registro_patronal)],
  ], y);

  const refs = c.referencias_personales.map((r, i) => [String(i + 1), orDash(r.nombre), orDash(r.relacion), orDash(r.telefono), orDash(r.direccion)]);
  y = listTable(kit, '5. Referencias', REFERENCIA_COLUMNS, refs, SIN_REFERENCIAS, y);

  const docs = c.documentos_entregados;
  y = sectionTable(kit, '6. Documentos', [
    [LABEL.documentos.ine.printed, siNo(docs.ine)],
    [LABEL.documentos.curp.printed, siNo(docs.curp)],
    [LABEL.documentos.rfc.printed, siNo(docs.rfc)],
    [LABEL.documentos.escrituras.printed, siNo(docs.escrituras)],
    [LABEL.documentos.comprobante_domicilio.printed, siNo(docs.comprobante_domicilio)],
    [LABEL.documentos.predial_pagado.printed, siNo(docs.predial_pagado)],
    [LABEL.documentos.libre_gravamen.printed, siNo(docs.libre_gravamen)],
    [LABEL.documentos.observaciones.printed, orDash(docs.observaciones)],
  ], y);

  const v = c.venta;
  const venta: Row[] = [[LABEL.venta.en_venta.printed, siNo(v.en_venta)]];
  // Spec 4: the sale details exist only while the property is on sale.
  if (v.en_venta) {
    venta.push(
      [LABEL.venta.precio_venta.printed, money(v.precio_venta)],
      [LABEL.venta.comision_venta.printed, typeof v.comision_venta === 'number' ? `${formatNumber(v.comision_venta)} %` : EMPTY],
      [LABEL.venta.fecha_venta.printed, date(v.fecha_venta)],
      [LABEL.venta.estatus_venta.printed, orDash(v.estatus_venta)],
      [LABEL.venta.tipo_credito.printed, orDash(v.tipo_credito)],
      [LABEL.venta.observaciones.printed, orDash(v.observaciones)],
      [LABEL.comprador.nombre.printed, orDash(v.comprador.nombre)],
      [LABEL.comprador.telefono.printed, orDash(v.comprador.telefono)],
      [LABEL.comprador.correo.printed, orDash(v.comprador.correo)],
      [LABEL.comprador.direccion.printed, orDash(v.comprador.direccion)],
      [LABEL.documentosVenta.contrato.printed, siNo(v.documentos_entregados.contrato)],
      [LABEL.documentosVenta.identificacion.printed, siNo(v.documentos_entregados.identificacion)],
      [LABEL.documentosVenta.constancia_credito.printed, siNo(v.documentos_entregados.constancia_credito)],
    );
  }
  y = sectionTable(kit, '7. Venta', venta, y);

  if (c.captacion.observaciones) sectionTable(kit, 'Observaciones de la captación', [['Observaciones', orDash(c.captacion.observaciones)]], y);

  addPageNumbers(kit, `${CAPTACION_PDF_TITLE} · ${id || EMPTY}`);
  return toBytes(kit.doc);
}
