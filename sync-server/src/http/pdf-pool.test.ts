/**
 * The PDF threads (issue 33 item 2) on their own: a PDF comes back whole; one past its time-out,
 * or whose thread runs out of memory, fails with its Spanish answer and the pool goes on with a
 * new thread; what waits when the pool closes is answered. Waits on the pool's events, never on
 * the clock (a time-out is the pool's own, on a PDF the test holds in its thread).
 */
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { expectLoggedError } from '../../../testing/logged-errors';
import type { Nomina } from '../../../couch-design/nomina';
import { HttpError } from './errors';
import { PDF_BUSY, PDF_FAILED, PDF_TIMED_OUT, PdfPool, type PdfPoolSettings } from './pdf-pool';

let pool: PdfPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const start = async (settings: Partial<PdfPoolSettings> = {}): Promise<PdfPool> => {
  pool = new PdfPool({ workers: 1, memoryMb: 128, timeoutMs: 60_000, ...settings });
  await pool.start();
  return pool;
};

const payslip = (empleado = 'Ana López'): Nomina => ({ _id: 'nomina-1', type: 'nomina', empleadoId: 'e1', empleado, fecha: '2026-11-15', concepto: 'Quincena', salario: 12_345.5 }) as unknown as Nomina;

const failure = (p: Promise<unknown>): Promise<HttpError> =>
  p.then(
    () => {
      throw new Error('the PDF was made');
    },
    (e: unknown) => {
      if (!(e instanceof HttpError)) throw e;
      return e;
    },
  );

const isPdf = (bytes: Uint8Array): boolean => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

describe('the PDF pool', () => {
  it('makes a payslip in its thread, with the text in it', async () => {
    const p = await start();
    const bytes = await p.make('nominaPdf', [payslip()]);
    expect(isPdf(bytes)).toBe(true);
    expect(Buffer.from(bytes).toString('latin1')).toContain('Ana L');
    expect(p.load()).toEqual({ threads: 1, busy: 0, waiting: 0 });
  });

  it('answers a PDF past its time-out with a Spanish 503, and a new thread makes the next one', async () => {
    const p = await start({ timeoutMs: 1_000 });
    const release = p.pause();
    const started = once(p, 'started');
    const replaced = once(p, 'replaced');
    const held = failure(p.make('nominaPdf', [payslip()]));
    await started;
    const e = await held;
    expect(e.status).toBe(503);
    expect(e.mensaje).toBe(PDF_TIMED_OUT);
    await replaced;
    release();
    expect(isPdf(await p.make('nominaPdf', [payslip()]))).toBe(true);
  });

  it('fails a PDF whose thread runs out of memory with a Spanish 500, and goes on with a new thread', async () => {
    expectLoggedError(/Un hilo de PDF terminó mientras generaba uno/);
    const p = await start({ memoryMb: 64 });
    const replaced = once(p, 'replaced');
    // 8 MB of words jsPDF splits into lines and pages: several times the thread's 64 MB of heap.
    const e = await failure(p.make('nominaPdf', [payslip('palabra '.repeat(1024 * 1024))]));
    expect(e.status).toBe(500);
    expect(e.mensaje).toBe(PDF_FAILED);
    expect(String((await replaced)[0])).toMatch(/memory/);
    expect(isPdf(await p.make('nominaPdf', [payslip()]))).toBe(true);
    expect(p.load().threads).toBe(1);
  });

  it('answers what waits, and what a thread is making, with a 503 when it closes', async () => {
    const p = await start();
    p.pause();
    const started = once(p, 'started');
    const running = failure(p.make('nominaPdf', [payslip()]));
    const waiting = failure(p.make('nominaPdf', [payslip()]));
    await started;
    expect(p.load()).toEqual({ threads: 1, busy: 1, waiting: 1 });
    await p.close();
    for (const e of await Promise.all([running, waiting])) expect([e.status, e.mensaje]).toEqual([503, PDF_BUSY]);
  });

  it('drops a waiting PDF whose client left', async () => {
    const p = await start();
    const release = p.pause();
    const started = once(p, 'started');
    const first = p.make('nominaPdf', [payslip()]);
    await started;
    const gone = new AbortController();
    const second = failure(p.make('nominaPdf', [payslip()], gone.signal));
    expect(p.load().waiting).toBe(1);
    gone.abort();
    expect((await second).status).toBe(400);
    expect(p.load().waiting).toBe(0);
    release();
    expect(isPdf(await first)).toBe(true);
  });
});
