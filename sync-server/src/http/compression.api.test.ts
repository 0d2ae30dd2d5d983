/**
 * Compressed answers (issue 11 item 1): API and replication JSON in brotli or gzip for a client
 * that asks, byte for byte the same once decoded; PDFs as they are; longpoll heartbeats still
 * arriving one by one; the built PWA's files sent as the build's own compressed copies.
 */
import { request } from 'node:http';
import { brotliCompressSync, createBrotliDecompress, createGunzip, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { builtPwaForFile } from '../testing/built-pwa';
import { gatewayForFile } from '../testing/per-file';
import { nominaOf, seedEmpleados, seedNominas } from '../testing/payroll';
import { editBehind, seed, signedIn, type Person } from '../testing/pouch-client';
import { acceptedCodings } from './precompressed';
import { decode, rawGet } from '../testing/raw-http';

const ENTRY_JS = `export const saludo = ${JSON.stringify('¡Hola, asesora! '.repeat(200))};\n`;
const INDEX_HTML = `<!doctype html><html lang="es-MX"><head><title>Inmobiliaria</title></head><body>${'<p>Captación</p>'.repeat(100)}</body></html>`;

/** A file of the build with the .br and .gz copies `npm run build` leaves beside it. */
const withCopies = (name: string, text: string) => ({
  [name]: text,
  [`${name}.br`]: new Uint8Array(brotliCompressSync(text)),
  [`${name}.gz`]: new Uint8Array(gzipSync(text)),
});

const pwa = builtPwaForFile({
  ...withCopies('index.html', INDEX_HTML),
  ...withCopies('assets/index-Ab12Cd34.js', ENTRY_JS),
  'assets/pequeño-Zz99.js': 'export {};\n',
});
const gw = gatewayForFile(() => ({ staticDir: pwa.dir }));
let agente: Person;

beforeAll(async () => {
  agente = await signedIn(gw, 'user', 'emp-agente');
  await seed(gw.store, 'captaciones', Array.from({ length: 20 }, (_, i) => ({ ...sampleCaptacion({ captacion: { asesor: agente.id } }), _id: `cap-zip-${i}` })));
});

/**
 * What two requests for the same answer have in common: a clustered CouchDB merges a feed's shards
 * in whatever order they answer, so its rows (and their opaque seqs) come in another order each time.
 */
function sameAnswer(body: { results?: Array<{ id: string; seq?: string }>; last_seq?: string }): unknown {
  if (gw.store.kind !== 'couchdb' || !Array.isArray(body.results)) return body;
  const { last_seq: _last, ...rest } = body;
  return { ...rest, results: body.results.map(({ seq: _seq, ...row }) => row).sort((a, b) => a.id.localeCompare(b.id)) };
}

describe('API and replication answers', () => {
  const asked = [
    ['/api/captaciones', 'la lista REST'],
    ['/db/captaciones/_changes?include_docs=true&since=0', 'el feed de replicación'],
  ] as const;

  for (const [pathname, what] of asked) {
    it(`sends ${what} in brotli or gzip as asked, the same JSON once decoded`, async () => {
      const plain = await rawGet(gw.url, pathname, { cookie: agente.cookie, 'accept-encoding': 'identity' });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(2048);

      for (const [accept, coding] of [['br', 'br'], ['gzip', 'gzip'], ['gzip, deflate, br, zstd', 'br']] as const) {
        const r = await rawGet(gw.url, pathname, { cookie: agente.cookie, 'accept-encoding': accept });
        expect(r.status).toBe(200);
        expect(r.headers['content-encoding'], accept).toBe(coding);
        expect(r.headers.vary).toMatch(/Accept-Encoding/i);
        expect(r.headers['content-type']).toMatch(/^application\/json/);
        expect(r.body.length).toBeLessThan(plain.body.length / 3);
        expect(sameAnswer(JSON.parse(decode(r)))).toEqual(sameAnswer(JSON.parse(plain.body.toString('utf8'))));
      }
    });
  }

  it('compresses a small answer whole, with its length, and streams a big one', async () => {
    const small = '/db/captaciones/_changes?since=0';
    const plain = await rawGet(gw.url, small, { cookie: agente.cookie, 'accept-encoding': 'identity' });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.body.length).toBeLessThan(32 * 1024);
    for (const coding of ['br', 'gzip']) {
      const r = await rawGet(gw.url, small, { cookie: agente.cookie, 'accept-encoding': coding });
      expect(r.headers['content-encoding']).toBe(coding);
      expect(r.headers['transfer-encoding']).toBeUndefined();
      expect(Number(r.headers['content-length'])).toBe(r.body.length);
      expect(r.headers.vary).toMatch(/Accept-Encoding/i);
      expect(sameAnswer(JSON.parse(decode(r)))).toEqual(sameAnswer(JSON.parse(plain.body.toString('utf8'))));
    }
    const big = await rawGet(gw.url, '/db/captaciones/_changes?include_docs=true&since=0', { cookie: agente.cookie, 'accept-encoding': 'br' });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['transfer-encoding']).toBe('chunked');
    // Under the threshold an answer goes as it is.
    const tiny = await rawGet(gw.url, '/db/captaciones/', { cookie: agente.cookie, 'accept-encoding': 'br' });
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
  });

  it('leaves a payslip PDF as it is: a PDF is compressed already', async () => {
    const admin = await signedIn(gw, 'administrator');
    await seedEmpleados(gw, [{ _id: 'emp-agente', prim_nom: 'Ana', apell_pa: 'Zip', apell_ma: 'Pdf' }]);
    await seedNominas(gw, [nominaOf('emp-agente', '2026-11-15')]);
    const r = await rawGet(gw.url, '/api/nominas-api/download/nom-emp-agente-2026-11-15', { cookie: admin.cookie, 'accept-encoding': 'gzip, br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a longpoll _changes still sends each heartbeat as it is written, then the change', async () => {
    const since = (await agente.client.json('GET', '/db/captaciones/_changes?since=now')).body.last_seq as string;
    const started = Date.now();
    const arrivals: Array<{ at: number; text: string }> = [];
    const done = new Promise<void>((resolve, reject) => {
      const req = request(
        `${gw.url}/db/captaciones/_changes?feed=longpoll&heartbeat=1000&include_docs=true&since=${encodeURIComponent(since)}`,
        { headers: { cookie: agente.cookie, 'accept-encoding': 'gzip' } },
        (res) => {
          expect(res.headers['content-encoding']).toBe('gzip');
          const decoded = res.pipe(createGunzip());
          decoded.on('data', (c: Buffer) => arrivals.push({ at: Date.now() - started, text: c.toString('utf8') }));
          decoded.on('end', resolve);
          decoded.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
    // Two heartbeats decoded while the feed waits, a second apart, before anything changed.
    while (arrivals.length < 2 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 50));
    expect(arrivals.map((a) => a.text)).toEqual(['\n', '\n']);
    expect(arrivals[0].at).toBeGreaterThanOrEqual(900);
    expect(arrivals[1].at - arrivals[0].at).toBeGreaterThanOrEqual(500);

    // A change to one of the agent's own, on their device (issue 34), written as another gateway would.
    await editBehind(gw, 'captaciones', 'cap-zip-3');
    await done;
    const body = JSON.parse(arrivals.map((a) => a.text).join(''));
    expect(body.results.map((r: { id: string }) => r.id)).toEqual(['cap-zip-3']);
  });

  it('a brotli longpoll decodes the same way', async () => {
    const since = (await agente.client.json('GET', '/db/captaciones/_changes?since=now')).body.last_seq as string;
    const text = await new Promise<string>((resolve, reject) => {
      let out = '';
      const req = request(
        `${gw.url}/db/captaciones/_changes?feed=longpoll&heartbeat=1000&timeout=1500&since=${encodeURIComponent(since)}`,
        { headers: { cookie: agente.cookie, 'accept-encoding': 'br' } },
        (res) => {
          expect(res.headers['content-encoding']).toBe('br');
          const decoded = res.pipe(createBrotliDecompress());
          decoded.on('data', (c: Buffer) => (out += c.toString('utf8')));
          decoded.on('end', () => resolve(out));
          decoded.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(text.startsWith('\n')).toBe(true);
    expect(JSON.parse(text)).toEqual({ results: [], last_seq: since });
  });
});

describe('the built PWA', () => {
  it('sends a hashed asset as its brotli copy, immutable, and its gzip copy to a gzip-only browser', async () => {
    const br = await rawGet(gw.url, '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(decode(br)).toBe(ENTRY_JS);

    const gz = await rawGet(gw.url, '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz)).toBe(ENTRY_JS);
    expect(gz.headers.etag).not.toBe(br.headers.etag);

    const plain = await rawGet(gw.url, '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body.toString('utf8')).toBe(ENTRY_JS);
  });

  it('sends the shell, for any screen path, compressed and always revalidated', async () => {
    for (const pathname of ['/index.html', '/dashboard/captaciones']) {
      const r = await rawGet(gw.url, pathname, { 'accept-encoding': 'br' });
      expect(r.status, pathname).toBe(200);
      expect(r.headers['content-encoding'], pathname).toBe('br');
      expect(r.headers['content-type'], pathname).toMatch(/^text\/html/);
      expect(r.headers['cache-control'], pathname).toBe('no-cache');
      expect(decode(r), pathname).toBe(INDEX_HTML);
    }
  });

  it('sends a file the build left uncompressed as it is, and nothing outside the folder', async () => {
    const small = await rawGet(gw.url, `/assets/${encodeURIComponent('pequeño-Zz99.js')}`, { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString('utf8')).toBe('export {};\n');
    // A path climbing out of the folder names no file of the build: 404, never the file it names.
    const escape = await rawGet(gw.url, '/assets/..%2F..%2F..%2Fetc%2Fpasswd', { 'accept-encoding': 'br, gzip' });
    expect(escape.status).toBe(404);
    expect(decode(escape)).not.toContain('root:');
  });

  it('reads Accept-Encoding with its weights', () => {
    expect([...acceptedCodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect(acceptedCodings('br;q=0, gzip;q=0.8').has('br')).toBe(false);
    expect(acceptedCodings('br;q=0, gzip;q=0.8').has('gzip')).toBe(true);
    expect(acceptedCodings(undefined).size).toBe(0);
  });
});
