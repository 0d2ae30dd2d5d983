/**
 * 'Descargar PDF' (spec 001 section 7): a record with `pdf_url` opens that in a new tab; any
 * other is made here, online or offline, by the same `couch-design/pdf` the gateway uses, with the
 * photos the device holds (thumbnails of every captación in scope). jsPDF is imported only when a
 * PDF is made, so it never weighs on the screens.
 */
import type { Captacion } from '../../../../couch-design/captacion';
import { saveFile } from '../../lib/download';
import type { AuthUser } from '../../lib/session';
import { resolveAdviserName } from './adviser';
import type { CaptacionSectionExtra } from './detail/sections';
import { deviceFotosForPdf } from './pdf-fotos';
import { ERROR_PDF, ERROR_PDF_ID } from './texts';

export class PdfError extends Error {}

/** `sections`: the detail's other sections (its slot), each adding its list (the visits). */
export async function downloadCaptacionPdf(doc: Captacion | null | undefined, me: AuthUser | null, sections: readonly CaptacionSectionExtra[] = []): Promise<void> {
  const id = typeof doc?._id === 'string' ? doc._id.trim() : '';
  if (!doc || !id) throw new PdfError(ERROR_PDF_ID);
  if (doc.pdf_url) {
    window.open(doc.pdf_url, '_blank', 'noopener');
    return;
  }
  try {
    const [pdf, asesor, fotos, lists] = await Promise.all([
      import('../../../../couch-design/pdf'),
      resolveAdviserName(doc.captacion?.asesor, me),
      deviceFotosForPdf(id),
      Promise.all(sections.flatMap((s) => (s.pdfList ? [s.pdfList(id)] : []))),
    ]);
    const bytes = await pdf.captacionPdf(doc, { asesor, fotos, lists });
    saveFile(bytes, pdf.captacionPdfFileName(id), 'application/pdf');
  } catch (err) {
    console.error('No se pudo generar el PDF de la captación.', err);
    throw new PdfError(ERROR_PDF);
  }
}
