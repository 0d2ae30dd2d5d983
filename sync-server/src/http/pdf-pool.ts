/**
 * PDFs made off the event loop (issue 33 item 2): a fixed pool of worker threads (pdf-worker.ts),
 * each with its own memory limit (`resourceLimits`), one PDF at a time per thread, and a time-out
 * per PDF. jsPDF builds a whole file synchronously: on the event loop, seven large photos held
 * everybody else's requests for seconds (another person's check-auth for 25 s). Here a slow PDF
 * holds one thread; the gateway keeps answering.
 *
 * - A PDF past its time-out ends its thread (the only way to stop jsPDF) and answers 503 in
 *   Spanish; a thread that dies (out of memory, a crash) fails the PDF it was making with a Spanish
 *   500. Either way a new thread takes its place. A PDF never answers a 200 without its bytes.
 * - PDFs wait in one queue, in order, up to `queued` of them and up to the time-out: past that, 503
 *   with `Retry-After`. Each person's REST turns (sync/person-slots.ts) already bound how many of
 *   them are one person's.
 * - The threads start with the gateway (main.ts awaits `start`): each loads jsPDF and
 *   jspdf-autotable then, so an `npm ci` in the live folder (which deletes `node_modules` for a
 *   while) cannot break a later PDF (docs/operacion.md «Actualizar»). A thread replaced while
 *   `node_modules` is missing cannot start; the pool tries again every few seconds.
 *
 * The pool names no entity: a job names a maker of couch-design/pdf/makers.ts and its arguments,
 * which cross to the thread as structured data (a document, image bytes).
 */
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PdfMakerName, PdfMakers } from '../../../couch-design/pdf';
import { log } from '../log';
import { HttpError } from './errors';

export const PDF_TIMED_OUT = 'El PDF tardó demasiado en generarse y se canceló. Inténtelo de nuevo en unos minutos.';
export const PDF_FAILED = 'No se pudo generar el PDF. Inténtelo de nuevo; si vuelve a fallar, avise al administrador.';
export const PDF_BUSY = 'Se están generando demasiados PDF en este momento. Inténtelo de nuevo en unos segundos.';
export const PDF_ABANDONED = 'La petición se interrumpió antes de terminar.';

/** The operator's settings (PDF_WORKERS, PDF_WORKER_MEMORY_MB, PDF_TIMEOUT_MS: config.ts, docs/operacion.md). */
export interface PdfPoolSettings {
  /** Threads, each making one PDF at a time. */
  workers: number;
  /** Each thread's JavaScript heap (V8's old generation), in MB: past it the thread dies and is replaced. */
  memoryMb: number;
  /** Longest a PDF may wait for a thread, and then longest it may take in one. */
  timeoutMs: number;
}

/** PDFs waiting for a thread, per thread, before one more is answered 503. */
export const PDF_QUEUED_PER_WORKER = 25;
/** How long after a thread failed to start the pool tries again. */
const RESTART_DELAY_MS = 5_000;

/** What the pool sends a thread: a PDF to make, or the tests' latch (`pause`). */
export type PdfJob = { id: number; maker: string; args: unknown[] };
export type PdfWorkerData = { hold?: Int32Array };
export type PdfToWorker = PdfJob | { hold: Int32Array };
export type PdfWorkerMessage = { ready: true } | { job: number; bytes: Uint8Array } | { job: number; error: string };

type Args<K extends PdfMakerName> = Parameters<PdfMakers[K]>;

interface Pending {
  id: number;
  maker: PdfMakerName;
  args: unknown[];
  resolve(bytes: Uint8Array): void;
  reject(e: Error): void;
  /** The wait for a thread, then the PDF's own time. */
  timer?: NodeJS.Timeout;
  signal?: AbortSignal;
  onAbort?: () => void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  job: Pending | null;
  /** Set when the pool itself ends the thread (a time-out, closing): its exit is no crash. */
  ending?: 'timeout' | 'closing';
}

/** Events for tests and diagnostics: a PDF started in a thread, ended (ok, failed, timeout), a thread replaced (the new one ready). */
export interface PdfPoolEvents {
  started: [maker: PdfMakerName];
  finished: [maker: PdfMakerName, outcome: 'ok' | 'failed' | 'timeout'];
  replaced: [reason: string];
}

/**
 * The thread runs pdf-worker.ts, TypeScript: a two-line start registers tsx in the thread first
 * (as `--import tsx` does for the gateway; Node 20 does not apply that flag's hooks to a worker's
 * first module), then imports it. Both resolved once, at load, while `node_modules` is surely there.
 */
const TSX_API = ((): string => {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api'].import.default)).href;
})();
const WORKER_URL = new URL('./pdf-worker.ts', import.meta.url).href;
const BOOT = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL)}); });`;

/** What a service needs of the pool: a PDF by its maker's name. */
export type PdfMaker = Pick<PdfPool, 'make'>;

export class PdfPool extends EventEmitter<PdfPoolEvents> {
  private readonly threads = new Set<Thread>();
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private started = false;
  private closed = false;
  private hold: Int32Array | undefined;
  private readonly restartTimers = new Set<NodeJS.Timeout>();
  /** Resolves once every thread of the first start has loaded jsPDF; rejects if one could not. */
  private firstStart: Promise<void> | undefined;

  constructor(readonly settings: PdfPoolSettings) {
    super();
  }

  /**
   * Starts the threads and resolves once each has loaded the PDF libraries (main.ts awaits it
   * before listening). A test gateway that never calls it starts them on its first PDF.
   */
  start(): Promise<void> {
    if (!this.firstStart) {
      this.started = true;
      const loads: Promise<void>[] = [];
      for (let i = 0; i < this.settings.workers; i++) loads.push(this.spawnOrRetry());
      this.firstStart = Promise.all(loads).then(() => undefined);
      // A failed first start is the caller's to report (main.ts); a lazy one is logged in spawnOrRetry.
      this.firstStart.catch(() => undefined);
    }
    return this.firstStart;
  }

  /** Threads alive and PDFs waiting (diagnostics, tests). */
  load(): { threads: number; busy: number; waiting: number } {
    let busy = 0;
    for (const t of this.threads) if (t.job) busy++;
    return { threads: this.threads.size, busy, waiting: this.queue.length };
  }

  /**
   * Makes a PDF in a thread. Rejects with an HttpError in Spanish: 503 when it waited or took too
   * long or too many wait, 500 when its thread failed; 400 when `signal` says its client left first.
   */
  make<K extends PdfMakerName>(maker: K, args: Args<K>, signal?: AbortSignal): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(new HttpError(503, PDF_BUSY));
    if (!this.started) void this.start();
    if (signal?.aborted) return Promise.reject(new HttpError(400, PDF_ABANDONED));
    if (this.queue.length >= this.settings.workers * PDF_QUEUED_PER_WORKER) return Promise.reject(new HttpError(503, PDF_BUSY));
    return new Promise<Uint8Array>((resolve, reject) => {
      const job: Pending = { id: this.nextId++, maker, args, resolve, reject, signal };
      job.timer = setTimeout(() => this.dropWaiting(job, new HttpError(503, PDF_BUSY)), this.settings.timeoutMs);
      if (signal) {
        job.onAbort = () => this.dropWaiting(job, new HttpError(400, PDF_ABANDONED));
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.dispatch();
    });
  }

  /**
   * Tests only: every PDF from now on waits in its thread, blocking it as a long render would,
   * until the function returned is called.
   */
  pause(): () => void {
    const hold = new Int32Array(new SharedArrayBuffer(4));
    this.hold = hold;
    for (const t of this.threads) t.worker.postMessage({ hold });
    return () => {
      if (this.hold === hold) this.hold = undefined;
      Atomics.store(hold, 0, 1);
      Atomics.notify(hold, 0);
    };
  }

  /** Ends every thread; what waits or runs answers 503. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.restartTimers) clearTimeout(timer);
    for (const job of this.queue.splice(0)) this.settle(job, new HttpError(503, PDF_BUSY));
    const ends: Promise<number>[] = [];
    for (const t of this.threads) {
      t.ending = 'closing';
      if (t.job) this.settle(t.job, new HttpError(503, PDF_BUSY));
      ends.push(t.worker.terminate());
    }
    this.threads.clear();
    await Promise.allSettled(ends);
  }

  /** A new thread; resolves once it has loaded the PDF libraries, rejects if it died first. */
  private spawn(): Promise<void> {
    const { memoryMb } = this.settings;
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: { hold: this.hold } satisfies PdfWorkerData,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
    });
    // The server keeps the gateway alive; an idle thread must not keep a stopped one.
    worker.unref();
    const thread: Thread = { worker, ready: false, job: null };
    this.threads.add(thread);
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (m: PdfWorkerMessage) => {
        if ('ready' in m) {
          thread.ready = true;
          resolve();
          this.dispatch();
        } else this.answered(thread, m);
      });
      worker.on('error', (e) => {
        if (!thread.ready) reject(e);
        this.lost(thread, e);
      });
      worker.on('exit', (code) => {
        const e = new Error(`el hilo terminó (código ${code})`);
        if (!thread.ready) reject(e);
        this.lost(thread, e);
      });
    });
  }

  private dispatch(): void {
    for (const t of this.threads) {
      if (!t.ready || t.job || t.ending) continue;
      const job = this.queue.shift();
      if (!job) return;
      this.begin(t, job);
    }
  }

  private begin(thread: Thread, job: Pending): void {
    clearTimeout(job.timer);
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    thread.job = job;
    job.timer = setTimeout(() => {
      // jsPDF cannot be interrupted: the thread goes, and another takes its place.
      thread.ending = 'timeout';
      thread.job = null;
      this.settle(job, new HttpError(503, PDF_TIMED_OUT));
      this.emit('finished', job.maker, 'timeout');
      void thread.worker.terminate();
    }, this.settings.timeoutMs);
    this.emit('started', job.maker);
    thread.worker.postMessage({ id: job.id, maker: job.maker, args: job.args } satisfies PdfJob);
  }

  private answered(thread: Thread, m: Exclude<PdfWorkerMessage, { ready: true }>): void {
    const job = thread.job;
    if (!job || job.id !== m.job) return;
    thread.job = null;
    if ('bytes' in m && m.bytes.byteLength > 0) {
      this.settle(job, m.bytes);
      this.emit('finished', job.maker, 'ok');
    } else {
      const detail = 'error' in m ? m.error : 'el PDF salió vacío';
      log.error({ pdf: job.maker, detalle: detail }, `No se pudo generar un PDF (${job.maker}): ${detail}`);
      this.settle(job, new HttpError(500, PDF_FAILED));
      this.emit('finished', job.maker, 'failed');
    }
    this.dispatch();
  }

  /** A thread that ended: its PDF fails (unless the pool ended it), and another takes its place. */
  private lost(thread: Thread, e: Error): void {
    if (!this.threads.delete(thread)) return;
    const job = thread.job;
    thread.job = null;
    if (job) {
      log.error({ pdf: job.maker, err: e }, `Un hilo de PDF terminó mientras generaba uno (${job.maker}): ${e.message}`);
      this.settle(job, new HttpError(500, PDF_FAILED));
      this.emit('finished', job.maker, 'failed');
    } else if (!thread.ending && thread.ready) {
      log.error({ err: e }, `Un hilo de PDF terminó: ${e.message}`);
    }
    // One that never got ready is its starter's to retry (spawnOrRetry).
    if (this.closed || !thread.ready) return;
    const reason = thread.ending === 'timeout' ? 'tiempo agotado' : e.message;
    // Told once the new thread is ready: what a PDF asked then gets is a thread, not a wait.
    this.spawnOrRetry().then(
      () => this.emit('replaced', reason),
      () => undefined,
    );
  }

  /** A new thread; if it cannot start (node_modules being replaced by npm ci, say), another try shortly. */
  private spawnOrRetry(): Promise<void> {
    const started = this.spawn();
    started.catch((e: unknown) => {
      // Ended by close() before it was ready: nothing to report.
      if (this.closed) return;
      log.error({ err: e }, `No se pudo iniciar un hilo de PDF; se reintentará en ${RESTART_DELAY_MS / 1000} s.`);
      const timer = setTimeout(() => void this.spawnOrRetry(), RESTART_DELAY_MS);
      timer.unref();
      this.restartTimers.add(timer);
    });
    return started;
  }

  private dropWaiting(job: Pending, e: HttpError): void {
    const at = this.queue.indexOf(job);
    if (at < 0) return;
    this.queue.splice(at, 1);
    this.settle(job, e);
  }

  private settle(job: Pending, outcome: Uint8Array | HttpError): void {
    clearTimeout(job.timer);
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (outcome instanceof HttpError) job.reject(outcome);
    else job.resolve(outcome);
  }
}
