/**
 * PDFs can't take the gateway down (issue 33 item 2), through the gateway: the captación PDF of 50
 * photos of the largest size the gateway stores is made in a PDF thread while another person's
 * check-auth is answered; a PDF past its time-out, and one whose thread died, answer their Spanish
 * 5xx (never a 200 with an empty body), and the next PDF is made. Ordering is asserted, never
 * times: each PDF is held in its thread (`pause`) for as long as the test needs.
 */
import { once } from 'node:events';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLoggedError } from '../../../testing/logged-errors';
import { fotoId, fotoOriginalId, MAX_FOTOS_POR_CAPTACION, MINIATURA_LADO, ORIGINAL_LADO } from '../../../couch-design/fotos/types';
import type { Nomina } from '../../../couch-design/nomina';
import { PDF_FAILED, PDF_TIMED_OUT } from '../http/pdf-pool';
import { captacionOf, ROLES, seed, signedIn, type Person } from '../testing/captaciones';
import { startGateway, type TestGateway } from '../testing/gateway';
import type { StoreDoc } from '../store/port';
import { pdfImageCount } from '../../../couch-design/testing/pdf-images';

/** A noisy JPEG (it does not compress) of `width` × `height`. */
const noisy = (width: number, height: number, quality: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } }).jpeg({ quality }).toBuffer();

/**
 * 50 photos of the largest size the gateway keeps, stored as replication would store them. Each
 * thumbnail is its own noise: jsPDF keeps one copy of identical images.
 */
async function fiftyLargest(gw: TestGateway, captacionId: string, asesor: string): Promise<void> {
  const original = await noisy(ORIGINAL_LADO, 1_200, 70);
  const docs: StoreDoc[] = [];
  for (let n = 0; n < MAX_FOTOS_POR_CAPTACION; n++) {
    const miniatura = await noisy(MINIATURA_LADO, 240, 75);
    const uuid = `foto-${n}`;
    const base = { captacion_id: captacionId, asesor };
    docs.push({ ...base, _id: fotoOriginalId(captacionId, uuid), type: 'foto-original', ancho: ORIGINAL_LADO, alto: 1_200, bytes: original.length, mime: 'image/jpeg', _attachments: { original: { content_type: 'image/jpeg', data: original.toString('base64') } } });
    docs.push({ ...base, _id: fotoId(captacionId, uuid), type: 'foto', orden: n, portada: n === 0, ancho: ORIGINAL_LADO, alto: 1_200, bytes: original.length, mime: 'image/jpeg', tomada: '2026-11-26T10:00:00.000Z', _attachments: { miniatura: { content_type: 'image/jpeg', data: miniatura.toString('base64') } } });
  }
  const fotos = await gw.store.db('fotos');
  for (let at = 0; at < docs.length; at += 20) await fotos.bulkDocs(docs.slice(at, at + 20));
}


describe('the captación PDF in a PDF thread', () => {
  let gw: TestGateway;
  let ana: Person;
  let other: Person;

  beforeAll(async () => {
    gw = await startGateway();
    ana = await signedIn(gw, ROLES.asesor);
    other = await signedIn(gw, ROLES.asesor);
    await seed(gw, [{ ...captacionOf(ana.user.id, 1), _id: 'cp-50' }]);
    await fiftyLargest(gw, 'cp-50', ana.user.id);
    await gw.gateway.pdfs.start();
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('is made while another person signed in is answered, and holds the cover and six thumbnails', async () => {
    const release = gw.gateway.pdfs.pause();
    const started = once(gw.gateway.pdfs, 'started');
    let answered = false;
    const pdf = ana.client.fetch('/api/captaciones/cp-50/pdf').then(async (res) => {
      answered = true;
      return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
    });
    await started;
    // The PDF is in its thread and stays there until released: the event loop is free meanwhile.
    const check = await other.client.json('GET', '/api/check-auth');
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ authenticated: true, user: { id: other.user.id } });
    expect(answered).toBe(false);
    expect(gw.gateway.pdfs.load()).toMatchObject({ busy: 1 });
    release();
    const done = await pdf;
    expect(done.status).toBe(200);
    expect(done.type).toBe('application/pdf');
    expect(done.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfImageCount(done.bytes)).toBe(7);
  });
});

describe('a PDF that fails', () => {
  let gw: TestGateway;
  let ana: Person;
  let admin: Person;

  beforeAll(async () => {
    // One thread of 64 MB, and PDFs cut at 3 s: what the tests below hold in the thread lasts longer.
    gw = await startGateway({ pdf: { workers: 1, memoryMb: 64, timeoutMs: 3_000 } });
    await gw.gateway.pdfs.start();
    ana = await signedIn(gw, ROLES.asesor);
    admin = await signedIn(gw, ROLES.admin);
    await seed(gw, [{ ...captacionOf(ana.user.id, 2), _id: 'cp-lenta' }]);
    const nomina: Nomina = { _id: 'nom-1', type: 'nomina', empleadoId: 'e-1', empleado: 'Ana López', fecha: '2026-11-15', concepto: 'Quincena', salario: 9_250.5 } as unknown as Nomina;
    await (await gw.store.db('nominas')).put(nomina as never);
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('past its time-out answers a Spanish 503 with Retry-After, and the next one is made', async () => {
    expectLoggedError(/cp-lenta\/pdf → 503/);
    const release = gw.gateway.pdfs.pause();
    const replaced = once(gw.gateway.pdfs, 'replaced');
    const slow = await ana.client.fetch('/api/captaciones/cp-lenta/pdf');
    expect(slow.status).toBe(503);
    expect(slow.headers.get('retry-after')).toBeTruthy();
    expect(await slow.json()).toEqual({ success: false, mensaje: PDF_TIMED_OUT });
    await replaced;
    release();
    const next = await ana.client.fetch('/api/captaciones/cp-lenta/pdf');
    expect(next.status).toBe(200);
    expect(Buffer.from(await next.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('whose thread dies answers a Spanish 500, and the payslip after it is made', async () => {
    expectLoggedError(/Un hilo de PDF terminó mientras generaba uno/);
    const replaced = once(gw.gateway.pdfs, 'replaced');
    // More text than the thread's 64 MB of heap can split into lines (REST never stores such a
    // name; the thread is what is under test).
    const huge = { _id: 'nom-x', empleado: 'palabra '.repeat(1024 * 1024), fecha: '2026-11-15', concepto: 'Quincena', salario: 1 } as unknown as Nomina;
    await expect(gw.gateway.pdfs.make('nominaPdf', [huge])).rejects.toMatchObject({ status: 500, mensaje: PDF_FAILED });
    await replaced;
    const res = await admin.client.fetch('/api/nominas-api/download/nom-1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await res.arrayBuffer()).toString('latin1')).toContain('Ana L');
  });
});
