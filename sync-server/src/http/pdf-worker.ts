/**
 * One thread of the PDF pool (pdf-pool.ts): loads jsPDF and jspdf-autotable when it starts (not on
 * its first job: an `npm ci` under a running gateway must not break PDFs, docs/operacion.md
 * «Actualizar»), says so, then makes one PDF per message with the maker the job names
 * (couch-design/pdf/makers.ts) and sends its bytes back. jsPDF works synchronously for the whole
 * file; here that holds this thread only, never the gateway's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadPdfLibraries, PDF_MAKERS, type PdfMakerName } from '../../../couch-design/pdf';
import type { PdfJob, PdfToWorker, PdfWorkerData, PdfWorkerMessage } from './pdf-pool';

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs only as a worker thread (http/pdf-pool.ts).');

let { hold } = (workerData ?? {}) as PdfWorkerData;

/**
 * Tests only: while the shared latch is 0 the job waits, blocking this thread as a long render
 * would. In short waits, so a time-out or a crash (`terminate`) still ends the thread at once.
 */
function waitForLatch(): void {
  if (!hold) return;
  while (Atomics.load(hold, 0) === 0) Atomics.wait(hold, 0, 0, 50);
}

const post = (message: PdfWorkerMessage, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

async function run(job: PdfJob): Promise<void> {
  try {
    waitForLatch();
    const make = PDF_MAKERS[job.maker as PdfMakerName] as ((...args: unknown[]) => Promise<Uint8Array>) | undefined;
    if (typeof make !== 'function') throw new Error(`PDF desconocido: ${job.maker}`);
    const bytes = await make(...job.args);
    // Its own copy, handed over without another one.
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    post({ job: job.id, bytes: own }, [own.buffer as ArrayBuffer]);
  } catch (e) {
    post({ job: job.id, error: e instanceof Error ? e.message : String(e) });
  }
}

await loadPdfLibraries();
port.on('message', (m: PdfToWorker) => {
  if ('hold' in m) hold = m.hold;
  else void run(m);
});
post({ ready: true });
