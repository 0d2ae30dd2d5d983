/**
 * One contract for every Store adapter: the gateway's repositories, session store and replication
 * endpoint rely on exactly these behaviours, whichever database is underneath.
 * The CouchDB run registers only when COUCHDB_URL points at a real CouchDB 3.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPTACIONES_ASESOR_FECHA_DESC,
  CAPTACIONES_BY_ASESOR_FECHA,
  CAPTACIONES_BY_FECHA,
  CAPTACIONES_FECHA_DESC,
  captacionesDeAsesorSelector,
  captacionesSelector,
  DATABASES,
  INDEXES,
  NOMINAS_EMPLEADO_FECHA_DESC,
  RETIRED_INDEX_DDOCS,
  nominasDeEmpleadoSelector,
  VALIDATION_DDOC_ID,
} from '../../../couch-design/design-docs/index';
import { rejectionOf } from '../../../couch-design/testing/rejection';
import { createCouchStore } from './couchdb';
import { deployDesignDocs, warmIndexes } from './deploy';
import { createEmbeddedStore, MEMORY } from './embedded';
import { createStore } from './index';
import { StoreError, type Store, type StoreDb, type StoreDoc } from './port';

/** Lower-case and starting with a letter: CouchDB's rule for database names. */
const uniquePrefix = (): string => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}_`;

const storeError = (p: Promise<unknown>): Promise<StoreError> => rejectionOf(StoreError, p);

/** Document `c` with two leaves on one root, as two devices' offline edits replicate. */
const TWO_LEAVES_OF_C = [
  { type: 'captacion', _id: 'c', _rev: '2-bbb', _revisions: { start: 2, ids: ['bbb', 'aaa'] }, side: 'uno' },
  { type: 'captacion', _id: 'c', _rev: '2-ccc', _revisions: { start: 2, ids: ['ccc', 'aaa'] }, side: 'dos' },
];

const revNum = (rev: string | undefined): number => Number(rev?.split('-')[0]);

function runContract(name: string, makeStore: (prefix: string) => Promise<Store>): void {
  describe(`Store contract: ${name}`, () => {
    const prefix = uniquePrefix();
    let store: Store;
    let counter = 0;
    const scratch: string[] = [];

    /** A throw-away database (no design documents) per test, so tests never see each other's data. */
    const fresh = (label: string): Promise<StoreDb> => {
      const dbName = `${label}_${counter++}`;
      scratch.push(dbName);
      return store.db(dbName);
    };

    beforeAll(async () => {
      store = await makeStore(prefix);
      await deployDesignDocs(store);
    });

    afterAll(async () => {
      if (!store) return;
      for (const dbName of [...scratch, ...DATABASES]) await store.destroy(dbName);
      await store.close();
    });

    it('opens databases under the prefix and caches them per name', async () => {
      const a = await store.db('captaciones');
      expect(a).toBe(await store.db('captaciones'));
      expect(a.name).toBe(`${prefix}captaciones`);
      const info = await a.info();
      expect(info.db_name).toBe(`${prefix}captaciones`);
      expect(typeof info.update_seq).toBe('string');
    });

    it('puts, gets, refuses a stale write with 409, answers 404 for missing and removed docs', async () => {
      const db = await fresh('crud');
      const created = await db.put({ _id: 'a', type: 'captacion', n: 1 });
      expect(created).toMatchObject({ ok: true, id: 'a' });
      expect(revNum(created.rev)).toBe(1);
      expect(await db.get('a')).toMatchObject({ _id: 'a', _rev: created.rev, n: 1 });

      const conflict = await storeError(db.put({ _id: 'a', type: 'captacion', n: 2 }));
      expect(conflict).toMatchObject({ status: 409, error: 'conflict' });

      const updated = await db.put({ _id: 'a', _rev: created.rev, type: 'captacion', n: 2 });
      expect(revNum(updated.rev)).toBe(2);
      expect(await storeError(db.put({ _id: 'a', _rev: created.rev, type: 'captacion' }))).toMatchObject({ status: 409 });

      expect(await storeError(db.get('nope'))).toMatchObject({ status: 404, error: 'not_found' });

      const removed = await db.remove('a', updated.rev!);
      expect(removed).toMatchObject({ ok: true, id: 'a' });
      expect(revNum(removed.rev)).toBe(3);
      expect((await storeError(db.get('a'))).status).toBe(404);
      // The tombstone stays readable by revision, as replication needs.
      expect(await db.get('a', { rev: removed.rev })).toMatchObject({ _deleted: true });
    });

    it('writes batches in order with per-document errors, and replicated revisions with new_edits:false', async () => {
      const db = await fresh('bulk');
      const first = await db.put({ _id: 'x', type: 'captacion' });
      const res = await db.bulkDocs([
        { _id: 'b1', type: 'captacion' },
        { _id: 'x', type: 'captacion' },
        { _id: 'b2', type: 'captacion' },
      ]);
      expect(res.map((r) => r.id)).toEqual(['b1', 'x', 'b2']);
      expect(res[0]).toMatchObject({ ok: true });
      expect(res[1]).toMatchObject({ error: 'conflict' });
      expect(res[2]).toMatchObject({ ok: true });

      const local = await db.put({ _id: 'x', _rev: first.rev, type: 'captacion', v: 'local' });

      // What a replicating client pushes: its own revisions with their ancestry.
      const replicated = await db.bulkDocs(
        [
          { _id: 'r', _rev: '3-ccc', _revisions: { start: 3, ids: ['ccc', 'bbb', 'aaa'] }, type: 'captacion', v: 3 },
          { _id: 'x', _rev: '2-zzz', _revisions: { start: 2, ids: ['zzz', first.rev!.split('-')[1]] }, type: 'captacion', v: 'remote' },
        ],
        { new_edits: false },
      );
      expect(replicated).toEqual([]);
      const r = await db.get('r', { revs: true });
      expect(r).toMatchObject({ _rev: '3-ccc', v: 3, _revisions: { start: 3, ids: ['ccc', 'bbb', 'aaa'] } });

      // x now has two leaves at generation 2, the local edit and the replicated one: a conflict.
      const x = await db.get('x', { conflicts: true });
      expect(revNum(x._rev)).toBe(2);
      expect([x._rev, ...(x._conflicts ?? [])].sort()).toEqual([local.rev, '2-zzz'].sort());
    });

    it('reads many revisions in one bulkGet, with errors in place for what is missing', async () => {
      const db = await fresh('bulkget');
      const a1 = await db.put({ _id: 'a', type: 'captacion', v: 1 });
      const a2 = await db.put({ _id: 'a', _rev: a1.rev, type: 'captacion', v: 2 });
      await db.put({ _id: 'b', type: 'captacion', v: 1 });

      const res = await db.bulkGet([{ id: 'a', rev: a1.rev }, { id: 'b' }, { id: 'ghost' }], { revs: true });
      expect(res.results.map((r) => r.id)).toEqual(['a', 'b', 'ghost']);
      const [a, b, ghost] = res.results.map((r) => r.docs[0]);
      expect(a).toMatchObject({ ok: { _id: 'a', _rev: a1.rev, v: 1, _revisions: { start: 1 } } });
      expect(b).toMatchObject({ ok: { _id: 'b', v: 1 } });
      expect(ghost).toMatchObject({ error: { id: 'ghost', error: 'not_found' } });

      const missingRev = await db.bulkGet([{ id: 'a', rev: '9-deadbeef' }]);
      expect(missingRev.results[0].docs[0]).toMatchObject({ error: { id: 'a', rev: '9-deadbeef', error: 'not_found' } });
      expect(a2.ok).toBe(true);
    });

    it('answers bulkGet one result per request in request order, a repeated id too, with what each asked', async () => {
      const db = await fresh('bulkget-order');
      const a1 = await db.put({ _id: 'a', type: 'captacion', v: 1 });
      const a2 = await db.put({ _id: 'a', _rev: a1.rev, type: 'captacion', v: 2 });
      const b1 = await db.put({ _id: 'b', type: 'captacion', v: 1 });
      const res = await db.bulkGet([{ id: 'b', rev: b1.rev }, { id: 'a', rev: a2.rev }, { id: 'a', rev: a1.rev }, { id: 'a', rev: '3-nope' }]);
      expect(res.results.map((r) => r.id)).toEqual(['b', 'a', 'a', 'a']);
      const [b, newest, oldest, unknown] = res.results.map((r) => r.docs);
      expect(b).toEqual([{ ok: { _id: 'b', _rev: b1.rev, type: 'captacion', v: 1 } }]);
      expect(newest).toEqual([{ ok: { _id: 'a', _rev: a2.rev, type: 'captacion', v: 2 } }]);
      expect(oldest).toEqual([{ ok: { _id: 'a', _rev: a1.rev, type: 'captacion', v: 1 } }]);
      expect(unknown).toEqual([{ error: { id: 'a', rev: '3-nope', error: 'not_found', reason: 'missing' } }]);
    });

    it('answers bulkGetJson with the bytes of the same answer bulkGet gives, an empty request too', async () => {
      const db = await fresh('bulkget-json');
      const a1 = await db.put({ _id: 'a', type: 'captacion', v: 1, texto: 'año "ñ" \\ 😀' });
      await db.put({ _id: 'a', _rev: a1.rev, type: 'captacion', v: 2 });
      const reqs = [{ id: 'a', rev: a1.rev }, { id: 'a' }, { id: 'ghost' }];
      for (const opts of [{ revs: true }, { revs: true, latest: true }, {}]) {
        const bytes = await db.bulkGetJson(reqs, opts);
        expect(Buffer.isBuffer(bytes)).toBe(true);
        expect(JSON.parse(bytes.toString('utf8'))).toEqual(await db.bulkGet(reqs, opts));
      }
      expect(JSON.parse((await db.bulkGetJson([])).toString('utf8'))).toEqual({ results: [] });
    });

    it('answers bulkGet without a revision by every leaf, a deletion included, and a never-written id as missing', async () => {
      const db = await fresh('bulkget-leaves');
      const base = { type: 'captacion' };
      await db.bulkDocs(
        [
          ...TWO_LEAVES_OF_C,
          { ...base, _id: 'single', _rev: '1-aaa', v: 1 },
          { ...base, _id: 'gone', _rev: '2-ddd', _revisions: { start: 2, ids: ['ddd', 'aaa'] }, _deleted: true },
        ],
        { new_edits: false },
      );
      const res = await db.bulkGet([{ id: 'c' }, { id: 'single' }, { id: 'gone' }, { id: 'never' }], { revs: true });
      const [c, single, gone, never] = res.results.map((r) => r.docs);
      expect(c.map((e) => ('ok' in e ? e.ok._rev : e)).sort()).toEqual(['2-bbb', '2-ccc']);
      expect(single).toEqual([{ ok: { ...base, _id: 'single', _rev: '1-aaa', v: 1, _revisions: { start: 1, ids: ['aaa'] } } }]);
      expect(gone).toMatchObject([{ ok: { _id: 'gone', _rev: '2-ddd', _deleted: true, _revisions: { start: 2, ids: ['ddd', 'aaa'] } } }]);
      expect(never).toEqual([{ error: { id: 'never', rev: 'undefined', error: 'not_found', reason: 'missing' } }]);
    });


    it('answers bulkGet, getOpenRevs and get for the tombstone of a losing leaf under a live winner (a resolved conflict)', async () => {
      const db = await fresh('bulkget-resolved');
      const base = { type: 'captacion' };
      await db.bulkDocs(
        [
          { ...base, _id: 'r', _rev: '3-ccc', _revisions: { start: 3, ids: ['ccc', 'bbb', 'aaa'] }, side: 'ganó' },
          { ...base, _id: 'r', _rev: '3-ddd', _revisions: { start: 3, ids: ['ddd', 'bb2', 'aaa'] }, _deleted: true, side: 'perdió' },
        ],
        { new_edits: false },
      );
      const [byRev] = (await db.bulkGet([{ id: 'r', rev: '3-ddd' }], { revs: true })).results.map((r) => r.docs);
      expect(byRev).toMatchObject([{ ok: { _id: 'r', _rev: '3-ddd', _deleted: true, side: 'perdió', _revisions: { start: 3, ids: ['ddd', 'bb2', 'aaa'] } } }]);
      const [withLatest] = (await db.bulkGet([{ id: 'r', rev: '3-ddd' }], { revs: true, latest: true })).results.map((r) => r.docs);
      expect(withLatest).toMatchObject([{ ok: { _rev: '3-ddd', _deleted: true } }]);
      const [byId] = (await db.bulkGet([{ id: 'r' }])).results.map((r) => r.docs);
      expect(byId.map((e) => ('ok' in e ? e.ok._rev : e)).sort()).toEqual(['3-ccc', '3-ddd']);
      expect(await db.getOpenRevs('r', ['3-ddd'])).toMatchObject([{ ok: { _rev: '3-ddd', _deleted: true } }]);
      expect(await db.get('r', { rev: '3-ddd' })).toMatchObject({ _rev: '3-ddd', _deleted: true, side: 'perdió' });
      expect(await db.get('r')).toMatchObject({ _rev: '3-ccc', side: 'ganó' });
    });
    it('tells the winning revision of each id without its body (allDocs by keys), a deletion said so', async () => {
      const db = await fresh('alldocs-keys');
      const a = await db.put({ _id: 'a', type: 'captacion' });
      const b = await db.put({ _id: 'b', type: 'captacion' });
      const gone = await db.remove('b', b.rev!);
      const rows = await db.allDocs(['a', 'b', 'nadie']);
      expect(rows).toEqual([
        { id: 'a', key: 'a', value: { rev: a.rev } },
        { id: 'b', key: 'b', value: { rev: gone.rev, deleted: true } },
        { key: 'nadie', error: 'not_found' },
      ]);
    });

    it('answers bulkGet with latest by every leaf descending from the revision asked, a deletion included', async () => {
      const db = await fresh('bulkget-latest');
      const base = { type: 'captacion' };
      await db.bulkDocs(
        [
          ...TWO_LEAVES_OF_C,
          { ...base, _id: 'd', _rev: '2-eee', _revisions: { start: 2, ids: ['eee', 'ddd'] }, _deleted: true },
        ],
        { new_edits: false },
      );
      const res = await db.bulkGet(
        [
          { id: 'c', rev: '1-aaa' },
          { id: 'c', rev: '2-bbb' },
          { id: 'd', rev: '1-ddd' },
        ],
        { latest: true, revs: true },
      );
      const [fromRoot, leaf, deleted] = res.results.map((r) => r.docs.map((e) => ('ok' in e ? e.ok : e)));
      expect(fromRoot.map((d) => (d as StoreDoc)._rev).sort()).toEqual(['2-bbb', '2-ccc']);
      expect(leaf).toEqual([{ ...base, _id: 'c', _rev: '2-bbb', side: 'uno', _revisions: { start: 2, ids: ['bbb', 'aaa'] } }]);
      expect(deleted).toEqual([expect.objectContaining({ _id: 'd', _rev: '2-eee', _deleted: true, type: 'captacion' })]);
      for (const d of [...fromRoot, ...leaf, ...deleted]) expect(Object.keys(d as StoreDoc).filter((k) => k.includes('conflicts'))).toEqual([]);
    });

    it('tells which revisions are missing (revsDiff)', async () => {
      const db = await fresh('revsdiff');
      const a = await db.put({ _id: 'a', type: 'captacion' });
      const diff = await db.revsDiff({ a: [a.rev!, '2-feedbeef'], nobody: ['1-abc'] });
      expect(diff.a.missing).toEqual(['2-feedbeef']);
      expect(diff.nobody.missing).toEqual(['1-abc']);
    });

    it('reads open revisions: all leaves, or the asked ones with missing marked', async () => {
      const db = await fresh('openrevs');
      await db.bulkDocs(
        [
          { _id: 'c', _rev: '1-aaa', type: 'captacion', side: 'one' },
          { _id: 'c', _rev: '1-bbb', type: 'captacion', side: 'two' },
        ],
        { new_edits: false },
      );
      const all = await db.getOpenRevs('c', 'all');
      expect(all).toHaveLength(2);
      const sides = all.map((r) => ('ok' in r ? r.ok.side : null)).sort();
      expect(sides).toEqual(['one', 'two']);

      const some = await db.getOpenRevs('c', ['1-aaa', '5-fff'], { revs: true });
      expect(some).toHaveLength(2);
      expect(some).toContainEqual({ missing: '5-fff' });
      const ok = some.find((r) => 'ok' in r) as { ok: StoreDoc };
      expect(ok.ok).toMatchObject({ _id: 'c', _rev: '1-aaa', side: 'one', _revisions: { start: 1, ids: ['aaa'] } });

      expect((await storeError(db.getOpenRevs('ghost', 'all'))).status).toBe(404);
    });

    it('answers a revision the document never had as missing with latest, and keeps serving reads after it', async () => {
      const db = await fresh('latest-unknown');
      const created = await db.put({ _id: 'l', type: 'captacion', v: 1 });
      const got = await db.bulkGet([{ id: 'l', rev: '9-nope' }, { id: 'l', rev: created.rev! }], { latest: true, revs: true });
      const entries = got.results.flatMap((r) => r.docs);
      expect(entries).toContainEqual({ error: { id: 'l', rev: '9-nope', error: 'not_found', reason: 'missing' } });
      expect(entries.some((e) => 'ok' in e && e.ok._rev === created.rev)).toBe(true);
      expect(await db.getOpenRevs('l', ['9-nope'], { latest: true })).toEqual([{ missing: '9-nope' }]);
      expect((await storeError(db.get('l', { rev: '9-nope', latest: true }))).status).toBe(404);
      expect((await db.get('l')).v).toBe(1);
    });

    it('reads a deletion as a leaf of open_revs=all, with its path: deleted is told from never existed', async () => {
      const db = await fresh('openrevs-deleted');
      const created = await db.put({ _id: 'd', type: 'captacion' });
      const removed = await db.remove('d', created.rev!);
      const all = await db.getOpenRevs('d', 'all', { revs: true });
      expect(all).toHaveLength(1);
      const leaf = (all[0] as { ok: StoreDoc }).ok;
      expect(leaf).toMatchObject({ _id: 'd', _rev: removed.rev, _deleted: true });
      expect(leaf._revisions).toEqual({ start: 2, ids: [removed.rev!.split('-')[1], created.rev!.split('-')[1]] });
    });

    it('finds with selector, sort and limit through its indexes, walking a compound one backwards', async () => {
      const db = await fresh('find');
      for (const index of [CAPTACIONES_BY_FECHA, CAPTACIONES_BY_ASESOR_FECHA]) await db.createIndex({ ...index, index: { ...index.index } });
      const fechas = ['2024-01-05', '2024-03-01', '2023-12-31', '2024-02-10', '2024-02-11'];
      await db.bulkDocs(
        fechas.map((fecha, i) => ({
          _id: `find-${i}`,
          type: 'captacion',
          captacion: { fecha, asesor: i % 2 === 0 ? 'asesor-a' : 'asesor-b' },
        })),
      );
      const newest = await db.find({ selector: captacionesSelector(), sort: CAPTACIONES_FECHA_DESC, limit: 3 });
      expect(newest.docs.map((d) => (d.captacion as { fecha: string }).fecha)).toEqual(['2024-03-01', '2024-02-11', '2024-02-10']);

      const mine = await db.find({
        selector: captacionesDeAsesorSelector('asesor-a'),
        sort: CAPTACIONES_ASESOR_FECHA_DESC,
        use_index: CAPTACIONES_BY_ASESOR_FECHA.ddoc,
      });
      expect(mine.docs.map((d) => d._id)).toEqual(['find-4', 'find-0', 'find-2']);

      const page2 = await db.find({ selector: captacionesSelector(), sort: CAPTACIONES_FECHA_DESC, limit: 2, skip: 2 });
      expect(page2.docs.map((d) => d._id)).toEqual(['find-3', 'find-0']);

      const nominas = await store.db('nominas');
      await nominas.bulkDocs([
        { _id: 'n1', type: 'nomina', empleadoId: 'e1', fecha: '2024-01-15' },
        { _id: 'n2', type: 'nomina', empleadoId: 'e1', fecha: '2024-02-15' },
        { _id: 'n3', type: 'nomina', empleadoId: 'e2', fecha: '2024-03-15' },
      ]);
      const payslips = await nominas.find({ selector: nominasDeEmpleadoSelector('e1'), sort: NOMINAS_EMPLEADO_FECHA_DESC, fields: ['_id', 'fecha'] });
      expect(payslips.docs).toEqual([
        { _id: 'n2', fecha: '2024-02-15' },
        { _id: 'n1', fecha: '2024-01-15' },
      ]);

      const noIndex = await storeError(db.find({ selector: { type: 'captacion' }, sort: [{ precio: 'desc' }] }));
      expect(noIndex.status).toBe(400);
    });

    it('lists changes filtered by selector, tombstones with their fields included, as opaque string sequences', async () => {
      const db = await fresh('changes');
      const docs = await db.bulkDocs([
        { _id: 'a1', type: 'captacion', captacion: { asesor: 'A' } },
        { _id: 'b1', type: 'captacion', captacion: { asesor: 'B' } },
        { _id: 'a2', type: 'captacion', captacion: { asesor: 'A' } },
        { _id: 'a3', type: 'captacion', captacion: { asesor: 'A' } },
      ]);
      // A deletion that keeps the owner fields reaches the owner's filtered feed...
      await db.put({ _id: 'a2', _rev: docs[2].rev, _deleted: true, type: 'captacion', captacion: { asesor: 'A' } });
      // ...a bare deletion does not (the reason repositories delete with the fields kept).
      await db.remove('a3', docs[3].rev!);

      const selector = { 'captacion.asesor': 'A' };
      const all = await db.changes({ selector });
      expect(all.results.map((r) => r.id).sort()).toEqual(['a1', 'a2']);
      expect(all.results.find((r) => r.id === 'a2')).toMatchObject({ deleted: true });
      for (const row of all.results) expect(typeof row.seq).toBe('string');
      expect(typeof all.last_seq).toBe('string');

      const withDocs = await db.changes({ selector, include_docs: true });
      expect(withDocs.results.find((r) => r.id === 'a1')?.doc).toMatchObject({ _id: 'a1', captacion: { asesor: 'A' } });

      // last_seq goes back verbatim as since: nothing new, then exactly the new change.
      expect((await db.changes({ selector, since: all.last_seq })).results).toEqual([]);
      await db.put({ _id: 'b2', type: 'captacion', captacion: { asesor: 'B' } });
      await db.put({ _id: 'a4', type: 'captacion', captacion: { asesor: 'A' } });
      const next = await db.changes({ selector, since: all.last_seq });
      expect(next.results.map((r) => r.id)).toEqual(['a4']);

      expect((await db.changes({ since: 'now' })).results).toEqual([]);
      expect((await db.changes({ since: '0' })).results).toHaveLength(6);
    });

    it('pages the changes feed with limit', async () => {
      const db = await fresh('limit');
      await db.bulkDocs(Array.from({ length: 5 }, (_, i) => ({ _id: `d${i}`, type: 'nomina', empleadoId: i % 2 ? 'odd' : 'even' })));
      const selector = { empleadoId: 'even' };
      const page1 = await db.changes({ selector, limit: 2 });
      expect(page1.results).toHaveLength(2);
      const page2 = await db.changes({ selector, limit: 2, since: page1.last_seq });
      expect(page2.results).toHaveLength(1);
      expect([...page1.results, ...page2.results].map((r) => r.id).sort()).toEqual(['d0', 'd2', 'd4']);
      const allUnfiltered = await db.changes({ limit: 3 });
      expect(allUnfiltered.results).toHaveLength(3);
    });

    it('longpoll waits for the first matching change and answers with it', async () => {
      const db = await fresh('longpoll');
      await db.put({ _id: 'old', type: 'captacion', captacion: { asesor: 'A' } });
      const { last_seq } = await db.changes({});
      const t0 = Date.now();
      const pending = db.changes({ feed: 'longpoll', since: last_seq, selector: { 'captacion.asesor': 'A' }, timeout: 10_000 });
      await new Promise((r) => setTimeout(r, 50));
      await db.put({ _id: 'other', type: 'captacion', captacion: { asesor: 'B' } });
      await new Promise((r) => setTimeout(r, 50));
      await db.put({ _id: 'mine', type: 'captacion', captacion: { asesor: 'A' } });
      const res = await pending;
      expect(res.results.map((r) => r.id)).toEqual(['mine']);
      expect(Date.now() - t0).toBeLessThan(5_000);
      expect((await db.changes({ since: res.last_seq, selector: { 'captacion.asesor': 'A' } })).results).toEqual([]);
    });

    it('longpoll answers at once when changes are already there, and empty after the timeout', async () => {
      const db = await fresh('longpoll_timeout');
      await db.put({ _id: 'there', type: 'captacion' });
      const ready = await db.changes({ feed: 'longpoll', since: '0', timeout: 10_000 });
      expect(ready.results.map((r) => r.id)).toEqual(['there']);

      const t0 = Date.now();
      const res = await db.changes({ feed: 'longpoll', since: ready.last_seq, timeout: 300 });
      const elapsed = Date.now() - t0;
      expect(res.results).toEqual([]);
      expect(typeof res.last_seq).toBe('string');
      expect(elapsed).toBeGreaterThanOrEqual(250);
      expect(elapsed).toBeLessThan(5_000);
    });

    it('longpoll ends promptly, empty, when its AbortSignal aborts', async () => {
      const db = await fresh('longpoll_abort');
      const { last_seq } = await db.changes({});
      const controller = new AbortController();
      const t0 = Date.now();
      const pending = db.changes({ feed: 'longpoll', since: last_seq, timeout: 30_000, signal: controller.signal });
      setTimeout(() => controller.abort(), 100);
      const res = await pending;
      expect(res.results).toEqual([]);
      expect(Date.now() - t0).toBeLessThan(3_000);
      // The cancelled feed leaves the database usable.
      await db.put({ _id: 'after', type: 'captacion' });
      expect((await db.changes({ since: last_seq })).results.map((r) => r.id)).toEqual(['after']);
    });

    it('keeps local documents (replication checkpoints) apart from the data', async () => {
      const db = await fresh('local');
      const first = await db.putLocal({ _id: 'checkpoint-1', last_seq: '7' });
      expect(first.ok).toBe(true);
      const cp = await db.getLocal('checkpoint-1');
      expect(cp).toMatchObject({ last_seq: '7' });
      await db.putLocal({ ...cp, last_seq: '9' });
      expect(await db.getLocal('checkpoint-1')).toMatchObject({ last_seq: '9' });
      expect((await storeError(db.getLocal('nope'))).status).toBe(404);
      expect((await db.changes({})).results).toEqual([]);
      const latest = await db.getLocal('checkpoint-1');
      await db.putLocal({ _id: latest._id, _rev: latest._rev, _deleted: true });
      expect((await storeError(db.getLocal('checkpoint-1'))).status).toBe(404);
    });

    it('stores and serves attachments byte for byte with their content type', async () => {
      const db = await fresh('att');
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
      const doc = await db.put({ _id: 'usuario-1', type: 'usuario' });
      const withPhoto = await db.putAttachment('usuario-1', 'foto perfil.png', doc.rev!, png, 'image/png');
      expect(withPhoto).toMatchObject({ ok: true, id: 'usuario-1' });
      expect(revNum(withPhoto.rev)).toBe(2);
      const got = await db.getAttachment('usuario-1', 'foto perfil.png');
      expect(got.contentType).toBe('image/png');
      expect(got.data.equals(png)).toBe(true);
      const stub = (await db.get('usuario-1'))._attachments?.['foto perfil.png'];
      expect(stub).toMatchObject({ content_type: 'image/png', length: png.length, stub: true });
      expect((await storeError(db.getAttachment('usuario-1', 'otra.png'))).status).toBe(404);
      expect((await storeError(db.putAttachment('usuario-1', 'x.png', doc.rev!, png, 'image/png'))).status).toBe(409);
    });

    it('copies a database as a backup does: every leaf with its history and attachments, written back with new_edits:false', async () => {
      const from = await fresh('copia-origen');
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
      const u = await from.put({ _id: 'u', type: 'usuario' });
      await from.putAttachment('u', 'foto_perfil', u.rev!, png, 'image/png');
      await from.bulkDocs(
        [
          { _id: 'c', type: 'captacion', _rev: '2-bbb', _revisions: { start: 2, ids: ['bbb', 'aaa'] }, lado: 'uno' },
          { _id: 'c', type: 'captacion', _rev: '2-ccc', _revisions: { start: 2, ids: ['ccc', 'aaa'] }, lado: 'dos' },
          { _id: 'gone', type: 'captacion', _rev: '2-ddd', _revisions: { start: 2, ids: ['ddd', 'aaa'] }, _deleted: true },
        ],
        { new_edits: false },
      );
      const feed = await from.changes({ style: 'all_docs', limit: 100 });
      const { results } = await from.bulkGet(feed.results.map((r) => ({ id: r.id })), { revs: true, attachments: true });
      const leaves = results.flatMap((r) => r.docs.flatMap((e) => ('ok' in e ? [e.ok] : [])));
      expect(leaves).toHaveLength(4);
      expect(leaves.filter((d) => d._id === 'c').map((d) => d._rev).sort()).toEqual(['2-bbb', '2-ccc']);
      expect(leaves.find((d) => d._id === 'u')?._attachments?.foto_perfil).toMatchObject({ content_type: 'image/png', data: png.toString('base64') });

      const to = await fresh('copia-destino');
      expect(await to.bulkDocs(leaves, { new_edits: false })).toEqual([]);
      const c = await to.get('c', { conflicts: true });
      expect([c._rev, ...(c._conflicts ?? [])].sort()).toEqual(['2-bbb', '2-ccc']);
      expect(await to.getOpenRevs('gone', 'all', { revs: true })).toMatchObject([{ ok: { _rev: '2-ddd', _deleted: true, _revisions: { start: 2, ids: ['ddd', 'aaa'] } } }]);
      const copied = await to.get('u', { revs: true });
      expect(copied._revisions).toEqual((await from.get('u', { revs: true }))._revisions);
      expect((await to.getAttachment('u', 'foto_perfil')).data.equals(png)).toBe(true);
      // A device holding the original's revisions finds nothing missing in the copy.
      expect(await to.revsDiff({ c: ['2-bbb', '2-ccc'], gone: ['2-ddd'], u: [String(copied._rev)] })).toEqual({});
    });

    it('refuses documents without a valid type once the validation is deployed', async () => {
      const db = await store.db('captaciones');
      expect(await storeError(db.put({ _id: 'untyped' }))).toMatchObject({ status: 403, error: 'forbidden' });
      expect((await storeError(db.put({ _id: 'wrong', type: 'nomina' }))).status).toBe(403);
      const res = await db.bulkDocs([{ _id: 'v-ok', type: 'captacion', captacion: { fecha: '2020-01-01' } }, { _id: 'v-bad', type: 'usuario' }]);
      expect(res[0]).toMatchObject({ ok: true, id: 'v-ok' });
      expect(res[1]).toMatchObject({ id: 'v-bad', error: 'forbidden' });
      const replicated = await db.bulkDocs([{ _id: 'v-rep', _rev: '1-abc', nada: true }], { new_edits: false });
      expect(replicated).toEqual([expect.objectContaining({ id: 'v-rep', error: 'forbidden' })]);
      // Deleting stays possible whatever the body.
      expect((await db.remove('v-ok', res[0].rev!)).ok).toBe(true);
      const sesiones = await store.db('sesiones');
      expect((await sesiones.put({ _id: 's1', type: 'sesion', expires: 1 })).ok).toBe(true);
    });

    it('deploys design documents idempotently: a second run writes no revision', async () => {
      const revs = async (): Promise<Record<string, string | undefined>> => {
        const out: Record<string, string | undefined> = {};
        for (const dbName of DATABASES) {
          const db = await store.db(dbName);
          const ids = [VALIDATION_DDOC_ID, ...INDEXES[dbName].map((i) => `_design/${i.ddoc}`)];
          for (const id of ids) out[`${dbName}/${id}`] = (await db.get(id))._rev;
        }
        return out;
      };
      const before = await revs();
      expect(Object.values(before).every((r) => typeof r === 'string')).toBe(true);
      await deployDesignDocs(store);
      await warmIndexes(store);
      expect(await revs()).toEqual(before);
    });

    it('warms every deployed index, also over documents that lack the indexed fields', async () => {
      await (await store.db('usuarios')).put({ _id: 'sin-empleado', type: 'usuario', email: 'sin.empleado@ejemplo.mx' });
      await (await store.db('nominas')).put({ _id: 'sin-fecha', type: 'nomina', empleadoId: 'e9' });
      await (await store.db('sesiones')).put({ _id: 'sin-usuario', type: 'sesion', expires: 1, session: {} });
      await expect(warmIndexes(store)).resolves.toBeUndefined();
    });

    it('retires the index design documents an earlier version deployed, and only those', async () => {
      const db = await store.db('captaciones');
      await db.createIndex({ ...CAPTACIONES_BY_FECHA, index: { ...CAPTACIONES_BY_FECHA.index } });
      await db.createIndex({ index: { fields: ['propiedad.tipo'] }, ddoc: 'idx-ajeno', name: 'ajeno' });
      expect(RETIRED_INDEX_DDOCS.captaciones).toContain(CAPTACIONES_BY_FECHA.ddoc);
      await deployDesignDocs(store);
      for (const ddoc of RETIRED_INDEX_DDOCS.captaciones) expect((await storeError(db.get(`_design/${ddoc}`))).status).toBe(404);
      expect((await db.get('_design/idx-ajeno'))._id).toBe('_design/idx-ajeno');
      // Nothing left to retire: a second run passes quietly.
      await deployDesignDocs(store);
      expect((await db.get(VALIDATION_DDOC_ID))._id).toBe(VALIDATION_DDOC_ID);
    });
  });
}

runContract('embedded (memory)', async (prefix) => createEmbeddedStore(MEMORY, prefix));

const levelDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inmo-store-'));
afterAll(() => fs.rmSync(levelDir, { recursive: true, force: true }));

runContract('embedded (LevelDB)', async (prefix) => createEmbeddedStore(path.join(levelDir, 'contract'), prefix));

if (process.env.COUCHDB_URL) {
  const url = process.env.COUCHDB_URL;
  runContract('couchdb', async (prefix) => createCouchStore(url, prefix));
}

describe('embedded store on LevelDB', () => {
  it('answers "try again" (503), not an internal error, to a read that meets the store closing', async () => {
    const store = createEmbeddedStore(path.join(levelDir, 'closing'), uniquePrefix());
    const db = await store.db('captaciones');
    await db.put({ _id: 'a', type: 'captacion' });
    await store.close();
    await expect(db.get('a')).rejects.toMatchObject({ status: 503, error: 'service_unavailable' });
  });

  it('keeps data, checkpoints, attachments and validation across close and reopen', async () => {
    const dir = path.join(levelDir, 'persist');
    const prefix = uniquePrefix();
    const first = createEmbeddedStore(dir, prefix);
    await deployDesignDocs(first);
    const db = await first.db('captaciones');
    const doc = await db.put({ _id: 'keep', type: 'captacion', captacion: { fecha: '2024-05-01' } });
    await db.putAttachment('keep', 'foto.jpg', doc.rev!, Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
    await db.putLocal({ _id: 'cp', last_seq: '3' });
    const { last_seq } = await db.changes({});
    await first.close();

    const second = createEmbeddedStore(dir, prefix);
    const again = await second.db('captaciones');
    expect(await again.get('keep')).toMatchObject({ type: 'captacion', captacion: { fecha: '2024-05-01' } });
    expect((await again.getAttachment('keep', 'foto.jpg')).data).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await again.getLocal('cp')).toMatchObject({ last_seq: '3' });
    expect((await again.changes({ since: last_seq })).results).toEqual([]);
    expect((await again.info()).update_seq).toBe(last_seq);
    expect((await storeError(again.put({ _id: 'untyped' }))).status).toBe(403);
    await second.close();
  });
});

describe('embedded store shutdown', () => {
  it('answers waiting longpolls when the store closes, so shutdown never hangs on a client', async () => {
    const store = createEmbeddedStore(MEMORY, uniquePrefix());
    const db = await store.db('captaciones');
    const t0 = Date.now();
    const pending = db.changes({ feed: 'longpoll', since: 'now', timeout: 30_000 });
    setTimeout(() => void store.close(), 50);
    expect((await pending).results).toEqual([]);
    expect(Date.now() - t0).toBeLessThan(3_000);
  });
});

describe('createStore', () => {
  it('chooses CouchDB when a URL is configured, the embedded store otherwise', async () => {
    const embedded = await createStore({ dataDir: MEMORY, dbPrefix: uniquePrefix() });
    expect(embedded.kind).toBe('embedded');
    await embedded.close();
    const couch = await createStore({ dataDir: MEMORY, couchdbUrl: 'http://127.0.0.1:5984', dbPrefix: 'x_' });
    expect(couch.kind).toBe('couchdb');
    await couch.close();
  });
});
