/**
 * The payslip PDF: company, employee, payment date, concept and amount in es-MX form, as text
 * (selectable and searchable, never an image). The gateway serves it from
 * `GET /api/nominas-api/download/{id}` and `/descargar/{id}`; the PWA makes the same file offline
 * from the payslip in its local database.
 */
import { formatDateTime, toIsoDate } from '../format';
import { conceptoLabel, fechaLabel, salarioLabel } from '../nomina/rules';
import type { NominaLike } from '../nomina/types';
import { addPageNumbers, drawHeader, EMPTY, listTable, loadPdfKit, MARGIN, orDash, pdfText, sectionTable, toBytes } from './layout';

export const NOMINA_PDF_TITLE = 'Recibo de Nómina';
/** The company named on every payslip unless the caller says otherwise (the product's brand). */
export const NOMINA_PDF_EMPRESA = 'Inmobiliaria';

export interface NominaPdfOptions {
  /** The paying company; NOMINA_PDF_EMPRESA by default. */
  empresa?: string;
  /** When the file is made; now by default. */
  generatedAt?: Date;
}

type PayslipInput = NonNullable<NominaLike> & { empleado?: unknown; empleadoId?: unknown };

/** `nomina-2026-11-15.pdf` (spec 7: named after the payroll date); ISO keeps the name free of slashes. */
export function nominaPdfFileName(n: NominaLike): string {
  return `nomina-${toIsoDate(n?.fecha) ?? 'sin-fecha'}.pdf`;
}

export async function nominaPdf(n: PayslipInput, opts: NominaPdfOptions = {}): Promise<Uint8Array> {
  const id = typeof n._id === 'string' ? n._id : '';
  const empresa = opts.empresa?.trim() || NOMINA_PDF_EMPRESA;
  const empleado = orDash(n.empleado);
  const fecha = fechaLabel(n);
  const concepto = conceptoLabel(n);
  const importe = salarioLabel(n);
  const kit = await loadPdfKit();

  kit.doc.setProperties({ title: `${NOMINA_PDF_TITLE} ${fecha}`, subject: `Nómina de ${empleado}`, author: empresa, creator: 'Inmobiliaria back-office' });

  let y = drawHeader(kit, NOMINA_PDF_TITLE, [
    `Empresa: ${empresa}`,
    `Folio: ${id || EMPTY}`,
    `Generado: ${formatDateTime(opts.generatedAt ?? new Date(), EMPTY)}`,
  ]);

  y = sectionTable(kit, 'Datos del empleado', [
    ['Empleado', empleado],
    ['Número de empleado', orDash(n.empleadoId)],
  ], y);

  y = sectionTable(kit, 'Periodo de pago', [['Fecha de pago', fecha]], y);

  y = listTable(kit, 'Detalle del pago', ['Concepto de pago', 'Importe'], [[concepto, importe], ['Total a pagar', importe]], concepto, y);

  // Receipt wording and a signature line, as on a printed payslip.
  const { doc } = kit;
  const width = doc.internal.pageSize.getWidth();
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9.5);
  doc.setTextColor(40, 40, 40);
  const receipt = doc.splitTextToSize(
    pdfText(`Recibí de ${empresa} la cantidad de ${importe} por concepto de ${concepto}, pagada el ${fecha}.`),
    width - 2 * MARGIN,
  ) as string[];
  doc.text(receipt, MARGIN, y + 2);
  const signY = y + 2 + 4.6 * receipt.length + 22;
  doc.setDrawColor(90, 90, 90);
  doc.line(width / 2 - 40, signY, width / 2 + 40, signY);
  doc.text(pdfText(`Firma de ${empleado}`), width / 2, signY + 5, { align: 'center' });

  addPageNumbers(kit, `${NOMINA_PDF_TITLE} · ${empresa} · ${id || EMPTY}`);
  return toBytes(doc);
}
