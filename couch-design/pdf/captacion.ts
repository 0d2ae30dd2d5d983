/**
 * The captación PDF: the seven sections of the detail screen (spec 2.6) with es-MX money and
 * dates, Sí/No for booleans and '-' for empty values. The gateway serves it from
 * `GET /api/captaciones/{id}/pdf`; the PWA makes the same file offline.
 */
import { formToDoc } from '../captacion/convert';
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
    ['Nombre', orDash(p.nombre)],
    ['Teléfono', orDash(p.telefono)],
    ['Correo electrónico', orDash(p.correo)],
    ['Dirección', orDash(p.direccion)],
    ['Identificación', orDash(p.identificacion)],
    ['NSS', orDash(p.nss)],
    ['RFC', orDash(p.rfc)],
    ['CURP', orDash(p.curp)],
    ['Estado civil', orDash(p.estado_civil)],
  ], y);

  const prop = c.propiedad;
  const car = prop.caracteristicas;
  y = sectionTable(kit, '2. Propiedad', [
    ['Tipo de propiedad', orDash(prop.tipo)],
    ['Dirección', address(prop.direccion)],
    ['Terreno', formatNumber(car.m2_terreno, 'm²')],
    ['Construcción', formatNumber(car.m2_construccion, 'm²')],
    ['Recámaras', formatNumber(car.habitaciones)],
    ['Baños', formatNumber(car.baños)],
    ['Cocheras', formatNumber(car.cocheras)],
    ['Año de construcción', typeof car.año_construccion === 'number' ? String(car.año_construccion) : EMPTY],
    ['Descripción', orDash(car.descripcion)],
  ], y);

  const adeudos = prop.adeudos.map((a) => [orDash(a.tipo), orDash(a.estatus), money(a.monto), orDash(a.numero_referencia), orDash(a.descripcion)]);
  const totalAdeudos = prop.adeudos.reduce((sum, a) => sum + (typeof a.monto === 'number' && Number.isFinite(a.monto) ? a.monto : 0), 0);
  if (adeudos.length > 0) adeudos.push(['Total', '', formatMoney(totalAdeudos), '', '']);
  y = listTable(kit, '3. Adeudos', ['Tipo', 'Estatus', 'Monto', 'Referencia', 'Descripción'], adeudos, SIN_ADEUDOS, y);

  const lab = c.datos_laborales;
  y = sectionTable(kit, '4. Datos Laborales', [
    ['Empresa', orDash(lab.empresa)],
    ['Puesto', orDash(lab.puesto)],
    ['Área', orDash(lab.area)],
    ['Turno', orDash(lab.turno)],
    ['Antigüedad', formatNumber(lab.antiguedad, lab.antiguedad === 1 ? 'año' : 'años')],
    ['Ingresos mensuales', money(lab.ingresos_mensuales)],
    ['Teléfono del trabajo', orDash(lab.telefono)],
    ['Dirección del trabajo', orDash(lab.direccion)],
    ['Registro patronal', orDash(lab.registro_patronal)],
  ], y);

  const refs = c.referencias_personales.map((r, i) => [String(i + 1), orDash(r.nombre), orDash(r.relacion), orDash(r.telefono), orDash(r.direccion)]);
  y = listTable(kit, '5. Referencias', ['#', 'Nombre', 'Relación', 'Teléfono', 'Dirección'], refs, SIN_REFERENCIAS, y);

  const docs = c.documentos_entregados;
  y = sectionTable(kit, '6. Documentos', [
    ['INE', siNo(docs.ine)],
    ['CURP', siNo(docs.curp)],
    ['RFC', siNo(docs.rfc)],
    ['Escrituras', siNo(docs.escrituras)],
    ['Comprobante de domicilio', siNo(docs.comprobante_domicilio)],
    ['Predial pagado', siNo(docs.predial_pagado)],
    ['Libre de gravamen', siNo(docs.libre_gravamen)],
    ['Observaciones', orDash(docs.observaciones)],
  ], y);

  const v = c.venta;
  const venta: Row[] = [['En venta', siNo(v.en_venta)]];
  // Spec 4: the sale details exist only while the property is on sale.
  if (v.en_venta) {
    venta.push(
      ['Precio de venta', money(v.precio_venta)],
      ['Comisión de venta', typeof v.comision_venta === 'number' ? `${formatNumber(v.comision_venta)} %` : EMPTY],
      ['Fecha de venta', date(v.fecha_venta)],
      ['Estatus de venta', orDash(v.estatus_venta)],
      ['Tipo de crédito', orDash(v.tipo_credito)],
      ['Observaciones', orDash(v.observaciones)],
      ['Comprador', orDash(v.comprador.nombre)],
      ['Teléfono del comprador', orDash(v.comprador.telefono)],
      ['Correo del comprador', orDash(v.comprador.correo)],
      ['Dirección del comprador', orDash(v.comprador.direccion)],
      ['Contrato', siNo(v.documentos_entregados.contrato)],
      ['Identificación', siNo(v.documentos_entregados.identificacion)],
      ['Constancia de crédito', siNo(v.documentos_entregados.constancia_credito)],
    );
  }
  y = sectionTable(kit, '7. Venta', venta, y);

  if (c.captacion.observaciones) sectionTable(kit, 'Observaciones de la captación', [['Observaciones', orDash(c.captacion.observaciones)]], y);

  addPageNumbers(kit, `${CAPTACION_PDF_TITLE} · ${id || EMPTY}`);
  return toBytes(kit.doc);
}
