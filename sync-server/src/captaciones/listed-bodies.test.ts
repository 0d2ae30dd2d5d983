/**
 * A list page answers from the bodies the directory read while following the feed, at the
 * revisions it lists: no store read for a page seen before, and never a body of another revision
 * than the one the page is ordered and counted by.
 */
import { beforeAll, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { DocRepository } from '../store/doc-repository';
import type { StoreDb, StoreDoc } from '../store/port';
import { storeForFile } from '../testing/per-file';
import { countingCalls } from '../testing/store';
import { CaptacionesRepository } from './repository';

const store = storeForFile();
let db: StoreDb;
let repo: CaptacionesRepository;
let bodyReads: () => number;

beforeAll(async () => {
  db = await store.db('captaciones');
  const counted = countingCalls(db, 'bulkGet');
  bodyReads = counted.calls;
  repo = new CaptacionesRepository(counted.db, new DocRepository(await store.db('usuarios'), 'usuario'));
});

const firstPage = async (): Promise<StoreDoc[]> => repo.listed((await repo.window({}, true, 0, 10)).ids);
const reads = async <T>(fn: () => Promise<T>): Promise<{ value: T; reads: number }> => {
  const before = bodyReads();
  const value = await fn();
  return { value, reads: bodyReads() - before };
};

it('answers a page another writer filled from the bodies the feed brought, as the store has them', async () => {
  const written = await db.bulkDocs(
    Array.from({ length: 12 }, (_, i) => ({ ...sampleCaptacion({ captacion: { asesor: 'u1', fecha: `2026-01-${String(i + 10)}T10:00:00.000Z` } }), _id: `otra-${i}` })),
  );
  expect(written.every((r) => 'ok' in r && r.ok)).toBe(true);
  const { value: page, reads: n } = await reads(firstPage);
  expect(n).toBe(0);
  expect(page.map((d) => d._id)).toEqual(Array.from({ length: 10 }, (_, i) => `otra-${11 - i}`));
  expect(page).toEqual(await repo.getMany(page.map((d) => d._id)));
});

it('reads this gateway’s own write from the store once, then keeps it', async () => {
  const saved = await repo.put({ ...sampleCaptacion({ captacion: { asesor: 'u1', fecha: '2026-02-01T10:00:00.000Z' } }), _id: 'propia' });
  const first = await reads(firstPage);
  expect(first.value[0]).toEqual((await repo.getMany(['propia']))[0]);
  expect(first.value[0]._rev).toBe(saved._rev);
  expect(first.reads).toBe(1);
  expect((await reads(firstPage)).reads).toBe(0);
});

it('never answers a kept body once the listed revision has moved on', async () => {
  // Kept at its first revision by the feed; this gateway's edit lists the second one at once.
  const [current] = await repo.getMany(['otra-11']);
  await repo.put({ ...current, propietario: { ...(current.propietario as object), nombre: 'Nombre Cambiado Después' } });
  const edited = (await firstPage()).find((d) => d._id === 'otra-11');
  expect(edited?._rev).toMatch(/^2-/);
  expect((edited?.propietario as { nombre: string }).nombre).toBe('Nombre Cambiado Después');
});
