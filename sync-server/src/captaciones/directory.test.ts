import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { CAPTACIONES_BY_FECHA, CAPTACIONES_FECHA_DESC, captacionesSelector } from '../../../couch-design/design-docs/index';
import { deployDesignDocs } from '../store/deploy';
import { createEmbeddedStore } from '../store/embedded';
import type { Store, StoreDb, StoreDoc } from '../store/port';
import { CaptacionesDirectory } from './directory';
import { searchTerms } from '../../../couch-design/helpers/search';

let store: Store;
let db: StoreDb;

const doc = (id: string, fecha: string | null, asesor: string, nombre = `Dueño ${id}`): StoreDoc => {
  const c = sampleCaptacion({ propietario: { nombre } });
  return { ...c, _id: id, captacion: { ...c.captacion, fecha: fecha as string, asesor } };
};

/** The order of the Mango index, the reference the directory must agree with. */
async function mangoIds(): Promise<string[]> {
  const { docs } = await db.find({
    selector: captacionesSelector(),
    sort: CAPTACIONES_FECHA_DESC,
    fields: ['_id'],
    limit: 100_000,
    use_index: [CAPTACIONES_BY_FECHA.ddoc, CAPTACIONES_BY_FECHA.name],
  });
  return docs.map((d) => d._id);
}

beforeAll(async () => {
  store = createEmbeddedStore(':memory:', `dir${Date.now()}_`);
  await deployDesignDocs(store);
  db = await store.db('captaciones');
  // The reference order: the index the devices list from.
  await db.createIndex({ ...CAPTACIONES_BY_FECHA, index: { ...CAPTACIONES_BY_FECHA.index } });
});
afterAll(() => store.close());

describe('CaptacionesDirectory', () => {
  it('builds from the database in the index order, and counts per adviser', async () => {
    const docs: StoreDoc[] = [];
    // Equal dates on purpose: ties are broken by id, as in the index.
    for (let i = 0; i < 450; i++) docs.push(doc(`d${String(i).padStart(3, '0')}`, `2025-0${1 + (i % 9)}-1${i % 10}T00:00:00.000Z`, `a${i % 3}`));
    docs.push(doc('sin-fecha', null, 'a0'));
    await db.bulkDocs(docs);

    const dir = new CaptacionesDirectory(db);
    await dir.refresh();
    expect(dir.count()).toBe(450);
    expect(dir.count({ asesor: 'a1' })).toBe(150);
    expect(dir.count({ asesor: 'nadie' })).toBe(0);
    expect(dir.ids({}, true)).toEqual(await mangoIds());
    expect(dir.ids({}, false)).toEqual([...(await mangoIds())].reverse());
  });

  it('follows edits, reassignments and deletions one by one, keeping the order exact', async () => {
    const dir = new CaptacionesDirectory(db);
    await dir.refresh();
    const d5 = await db.get('d005');
    await db.put({ ...d5, captacion: { ...(d5.captacion as object), fecha: '2030-01-01T00:00:00.000Z', asesor: 'a9' } });
    const d7 = await db.get('d007');
    await db.remove('d007', d7._rev!);
    await db.put(doc('nuevo', '2024-12-31T00:00:00.000Z', 'a1', 'Zoila Quiñones'));
    const d9 = await db.get('d009');
    await db.put({ ...d9, captacion: { ...(d9.captacion as object), fecha: null } });

    await dir.refresh();
    expect(dir.count()).toBe(449);
    expect(dir.count({ asesor: 'a9' })).toBe(1);
    expect(dir.ids({}, true)[0]).toBe('d005');
    expect(dir.ids({}, true)).toEqual(await mangoIds());
    expect(dir.ids({ terms: searchTerms('quinones') }, true)).toEqual(['nuevo']);
    expect(dir.ids({ terms: searchTerms('QUIÑONES zoila'), asesor: 'a0' }, true)).toEqual([]);
  });

  it('sees a write committed just before the call, also while another catch-up runs', async () => {
    const dir = new CaptacionesDirectory(db);
    const first = dir.refresh();
    await db.put(doc('recien', '2031-01-01T00:00:00.000Z', 'a2', 'Recién Llegado'));
    const [, counted] = await Promise.all([first, dir.refresh().then(() => dir.ids({ terms: ['recien'] }, true))]);
    expect(counted).toEqual(['recien']);
  });
});
