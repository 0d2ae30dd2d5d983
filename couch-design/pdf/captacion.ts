/**
 * The captación PDF: the seven sections of the detail screen (spec 2.6) with es-MX money and
 * dates, Sí/No for booleans and '-' for empty values. The gateway serves it from
 * `GET /api/captaciones/{id}/pdf`; the PWA makes the same file offline.
 */
import { formToDoc } from '../captacion/convert';
import { CAPTACION_LABELS as LABEL } from '../captacion/labels';
import { printedRows, type ValueWriter } from '../captacion/rows';
import { lastUpdate, NUNCA_EDITADO, SIN_ADEUDOS, SIN_REFERENCIAS } from '../captacion/rules';
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
} from './layout';

export interface CaptacionPdfOptions {
  /** The adviser's resolved name (the document stores an id). */
  asesor?: string;
  /** When the file is made; now by default. */
  generatedAt?: Date;
  /** The cover and thumbnails (fotos.ts `loadPdfFotos`); without them the PDF has no photos section. */
  fotos?: PdfFotos;
  /** Lists of the captación's child records, after its sections (its visits: visita/pdf.ts). */
  lists?: readonly PdfList[];
}

/** A list of records printed as a table under its title, or `empty` when it has no rows. */
export interface PdfList {
  title: string;
  columns: string[];
  rows: string[][];
  empty: string;
}

export const CAPTACION_PDF_TITLE = 'Captación Inmobiliaria';

const money = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? formatMoney(v) : EMPTY);
const date = (v: unknown): string => formatDate(v, EMPTY);

/** How the PDF writes the sections' values: '-' when empty, es-MX numbers, Sí/No. */
const PDF_VALUES: ValueWriter = {
  text: orDash,
  number: formatNumber,
  money,
  date,
  yesNo: siNo,
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
    `${LABEL.captacion.estatus_actual.printed}: ${orDash(c.estatus_actual)}   ·   ${LABEL.captacion.tipo_captacion.printed}: ${orDash(c.captacion.tipo_captacion)}   ·   ${LABEL.captacion.fecha.printed}: ${date(c.captacion.fecha)}`,
    `${LABEL.captacion.asesor.printed}: ${orDash(opts.asesor)}`,
    `Última actualización: ${last ? `${last.usuario}${last.fecha ? `, ${formatDateTime(last.fecha, EMPTY)}` : ''}` : NUNCA_EDITADO}`,
  ]);

  // The property first, as a listing shows it: the cover under the header, the thumbnails below.
  y = drawFotos(kit, opts.fotos, y);

  y = sectionTable(kit, '1. Propietario', printedRows(c, 'propietario', PDF_VALUES), y);
  y = sectionTable(kit, '2. Propiedad', printedRows(c, 'propiedad', PDF_VALUES), y);

  const adeudos = c.propiedad.adeudos.map((a) => [orDash(a.tipo), orDash(a.estatus), money(a.monto), orDash(a.numero_referencia), orDash(a.descripcion)]);
  const totalAdeudos = c.propiedad.adeudos.reduce((sum, a) => sum + (typeof a.monto === 'number' && Number.isFinite(a.monto) ? a.monto : 0), 0);
  if (adeudos.length > 0) adeudos.push(['Total', '', formatMoney(totalAdeudos), '', '']);
  y = listTable(kit, '3. Adeudos', ADEUDO_COLUMNS, adeudos, SIN_ADEUDOS, y);

  y = sectionTable(kit, '4. Datos Laborales', printedRows(c, 'datos_laborales', PDF_VALUES), y);

  const refs = c.referencias_personales.map((r, i) => [String(i + 1), orDash(r.nombre), orDash(r.relacion), orDash(r.telefono), orDash(r.direccion)]);
  y = listTable(kit, '5. Referencias', REFERENCIA_COLUMNS, refs, SIN_REFERENCIAS, y);

  y = sectionTable(kit, '6. Documentos', printedRows(c, 'documentos', PDF_VALUES), y);
  y = sectionTable(kit, '7. Venta', printedRows(c, 'venta', PDF_VALUES), y);

  if (c.captacion.observaciones) y = sectionTable(kit, 'Observaciones de la captación', [['Observaciones', orDash(c.captacion.observaciones)]], y);
  for (const list of opts.lists ?? []) y = listTable(kit, list.title, list.columns, list.rows, list.empty, y);

  addPageNumbers(kit, `${CAPTACION_PDF_TITLE} · ${id || EMPTY}`);
  return toBytes(kit.doc);
}
