/**
 * Payslip PDFs. The person's own payslips are made here, in the browser, from the local record
 * with the same couch-design/pdf layout the gateway uses: one path online and offline, nothing
 * fetched (jsPDF is imported only when a PDF is made). Other people's payslips (admin screens)
 * come from the gateway. Spec 000 section 8: when a download fails and the payslip has its own
 * `url`, that opens in a new tab instead.
 */
import type { Nomina } from '../../../../../couch-design/nomina';
import { saveFile } from '../../../lib/download';
import { fetchNominaPdf } from './rest';

export class NominaPdfError extends Error {}

async function makePdf(n: Nomina): Promise<{ bytes: Uint8Array; fileName: string }> {
  const pdf = await import('../../../../../couch-design/pdf');
  return { bytes: await pdf.nominaPdf(n), fileName: pdf.nominaPdfFileName(n) };
}

function openUrlInstead(n: Nomina, err: unknown): void {
  console.error('No se pudo obtener el PDF de la nómina.', err);
  if (n.url) {
    window.open(n.url, '_blank', 'noopener');
    return;
  }
  throw new NominaPdfError();
}

/** Saves `nomina-{fecha}.pdf` of a payslip this device holds. */
export async function saveOwnNominaPdf(n: Nomina): Promise<void> {
  try {
    const { bytes, fileName } = await makePdf(n);
    saveFile(bytes, fileName, 'application/pdf');
  } catch (err) {
    openUrlInstead(n, err);
  }
}

/**
 * Opens the PDF of a payslip this device holds in a new tab (the profile's 'Nóminas' tab). The
 * tab is opened at once, while the click still allows it, and shown the PDF once made; when the
 * browser refuses a new tab the file is saved instead.
 */
export async function openOwnNominaPdf(n: Nomina): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { bytes, fileName } = await makePdf(n);
    if (!tab || tab.closed) {
      saveFile(bytes, fileName, 'application/pdf');
      return;
    }
    tab.opener = null;
    const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
    tab.location.href = url;
    // The tab has loaded it by then; a later revoke keeps slow devices from losing it.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (err) {
    tab?.close();
    openUrlInstead(n, err);
  }
}

/** Saves the gateway's PDF of any payslip the person may read (`nomina-{fecha}.pdf`). */
export async function saveNominaPdf(n: Nomina): Promise<void> {
  try {
    const [blob, { nominaPdfFileName }] = await Promise.all([fetchNominaPdf(n._id), import('../../../../../couch-design/pdf')]);
    saveFile(blob, nominaPdfFileName(n), 'application/pdf');
  } catch (err) {
    openUrlInstead(n, err);
  }
}
