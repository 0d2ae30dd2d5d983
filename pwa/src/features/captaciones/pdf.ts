/**
 * 'Descargar PDF' (spec 001 section 7): a record with `pdf_url` opens that in a new tab; any
 * other is made here, online or offline, by the same `couch-design/pdf` the gateway uses. jsPDF
 * is imported only when a PDF is made, so it never weighs on the screens.
 */
import type { Captacion } from '../../../../couch-design/captacion';
import type { AuthUser } from '../../lib/session';
import { resolveAdviserName } from './adviser';
import { ERROR_PDF, ERROR_PDF_ID } from './texts';

export class PdfError extends Error {}

/** Saves bytes as a file through a temporary link (works offline: nothing is fetched). */
export function saveBytes(bytes: Uint8Array | Blob, fileName: string, type: string): void {
  const blob = bytes instanceof Blob ? bytes : new Blob([bytes as BlobPart], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has started by now; a later revoke keeps slow devices from losing it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export async function downloadCaptacionPdf(doc: Captacion | null | undefined, me: AuthUser | null): Promise<void> {
  const id = typeof doc?._id === 'string' ? doc._id.trim() : '';
  if (!doc || !id) throw new PdfError(ERROR_PDF_ID);
  if (doc.pdf_url) {
    window.open(doc.pdf_url, '_blank', 'noopener');
    return;
  }
  try {
    const [pdf, asesor] = await Promise.all([import('../../../../couch-design/pdf'), resolveAdviserName(doc.captacion?.asesor, me)]);
    const bytes = await pdf.captacionPdf(doc, { asesor });
    saveBytes(bytes, pdf.captacionPdfFileName(id), 'application/pdf');
  } catch (err) {
    console.error('No se pudo generar el PDF de la captación.', err);
    throw new PdfError(ERROR_PDF);
  }
}
