/**
 * What the photo limits of issue 33 cost where they are hot. Prints, asserts nothing:
 *  1. `GET /api/captaciones/{id}/pdf` of a captación with 50 photos of the largest size the gateway
 *     stores (1,600 px originals, 320 px thumbnails, noisy JPEGs that do not compress): its
 *     seconds, alone and three at once, and another person's `check-auth` p95 meanwhile (every
 *     image is re-encoded by sharp in libuv's thread pool and the PDF drawn in a PDF thread, never
 *     on the event loop: http/pdf-pool.ts);
 *  2. a decompression bomb (62 KB promising 8,000 × 8,000 px) uploaded by REST: how long its 400
 *     takes and what it adds to the process's memory;
 *  3. a `_bulk_docs` of 5 photos (the PWA's batch) through `/db/fotos`, with the checks after the
 *     write (count again, adviser again: policy/effects.ts), in ms per batch.
 * On a gateway in this process on the embedded store in memory. Alone: `npx tsx bench/fotos-pdf.ts`;
 * in `npm run bench -- fotos-pdf`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { captacionOf, seed, signedIn } from '../sync-server/src/testing/captaciones';
import { pngBomb } from '../sync-server/src/testing/bombs';
import { startGateway } from '../sync-server/src/testing/gateway';
import { configFromEnv } from '../sync-server/src/config';
import { postForm } from '../sync-server/src/testing/personas';
import { fotoId, fotoOriginalId } from '../couch-design/fotos/types';
import type { Row } from './row';
import { percentile } from './stats';

const noisy = async (width: number, height: number, quality: number): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } }).jpeg({ quality }).toBuffer();

export async function benchFotosPdf(): Promise<Row[]> {
  // The service's PDF threads (PDF_WORKERS…, two by default), started before the first PDF as main.ts does.
  const gw = await startGateway({ pdf: configFromEnv().pdf });
  await gw.gateway.pdfs.start();
  const rows: Row[] = [];
  try {
    const ana = await signedIn(gw, 'asesor');
    const other = await signedIn(gw, 'asesor');
    await seed(gw, [{ ...captacionOf(ana.user.id, 1), _id: 'bench-pdf' }, { ...captacionOf(ana.user.id, 2), _id: 'bench-push' }]);
    const [original, miniatura] = await Promise.all([noisy(1600, 1200, 70), noisy(320, 240, 75)]);
    for (let n = 0; n < 50; n++) {
      const form = new FormData();
      form.append('original', new Blob([new Uint8Array(original)], { type: 'image/jpeg' }), 'o.jpg');
      form.append('miniatura', new Blob([new Uint8Array(miniatura)], { type: 'image/jpeg' }), 'm.jpg');
      form.append('orden', String(n));
      const r = await postForm(ana.client, '/api/captaciones/bench-pdf/fotos', form);
      if (r.status !== 201) throw new Error(`subida ${n}: ${r.status}`);
    }

    const pdf = async (): Promise<number> => {
      const t0 = performance.now();
      const res = await ana.client.fetch('/api/captaciones/bench-pdf/pdf');
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`PDF: ${res.status}`);
      return (performance.now() - t0) / 1000;
    };
    await pdf();
    const alone = await pdf();
    rows.push({ name: 'PDF con 50 fotos de tamaño máximo, solo', value: Number(alone.toFixed(2)), unit: 's' });

    let running = true;
    const checks: number[] = [];
    const probe = (async () => {
      while (running) {
        const t0 = performance.now();
        await other.client.json('GET', '/api/check-auth');
        checks.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const three = await Promise.all([pdf(), pdf(), pdf()]);
    running = false;
    await probe;
    rows.push({ name: 'tres PDF a la vez, el más lento', value: Number(Math.max(...three).toFixed(2)), unit: 's' });
    rows.push({ name: 'check-auth de otra persona mientras, p95', value: Math.round(percentile(checks, 95)), unit: 'ms', target: '≤ 300' });

    const bomb = await pngBomb(8000, 8000);
    const before = process.memoryUsage().rss;
    const t0 = performance.now();
    const form = new FormData();
    form.append('original', new Blob([new Uint8Array(bomb)], { type: 'image/png' }), 'bomba.png');
    form.append('miniatura', new Blob([new Uint8Array(bomb)], { type: 'image/png' }), 'bomba.png');
    const refused = await postForm(ana.client, '/api/captaciones/bench-pdf/fotos', form);
    rows.push({ name: `bomba de ${Math.round(bomb.length / 1024)} KB (8000 × 8000 px) por REST: respuesta ${refused.status}`, value: Math.round(performance.now() - t0), unit: 'ms' });
    rows.push({ name: 'bomba: memoria añadida al proceso', value: Math.round((process.memoryUsage().rss - before) / 1024 / 1024), unit: 'MB' });

    const small = await noisy(320, 240, 60);
    const b64 = small.toString('base64');
    const batchMs: number[] = [];
    for (let batch = 0; batch < 8; batch++) {
      const docs = Array.from({ length: 5 }, (_, i) => {
        const uuid = randomUUID();
        const rev = () => `1-${randomBytes(16).toString('hex')}`;
        return [
          { _id: fotoOriginalId('bench-push', uuid), _rev: rev(), type: 'foto-original', captacion_id: 'bench-push', asesor: '', _attachments: { original: { content_type: 'image/jpeg', data: b64 } } },
          {
            _id: fotoId('bench-push', uuid), _rev: rev(), type: 'foto', captacion_id: 'bench-push', asesor: '', orden: batch * 5 + i, portada: false,
            ancho: 320, alto: 240, bytes: small.length, mime: 'image/jpeg', tomada: '2026-12-02T10:00:00.000Z',
            _attachments: { miniatura: { content_type: 'image/jpeg', data: b64 } },
          },
        ];
      }).flat();
      const t1 = performance.now();
      const r = await ana.client.json('POST', '/db/fotos/_bulk_docs', { docs, new_edits: false });
      batchMs.push(performance.now() - t1);
      if (r.status !== 201 || (r.body as unknown[]).length) throw new Error(`lote ${batch}: ${JSON.stringify(r.body).slice(0, 200)}`);
    }
    rows.push({ name: 'lote de 5 fotos por /db/fotos con las comprobaciones tras escribir, mediana', value: Math.round(percentile(batchMs.slice(1), 50)), unit: 'ms' });
  } finally {
    await gw.close();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { report } = await import('./row');
  console.log(report((await benchFotosPdf()).map((r) => ({ bench: 'fotos-pdf', ...r }))));
}
