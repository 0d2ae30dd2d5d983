import { eventually, leaveDevice, signInOnDevice as signInAs } from '../../testing/local-data';
import { afterEach, describe, expect, it } from 'vitest';
import { CAPTACIONES_BY_FECHA } from '../../../../couch-design/design-docs/index';
import { sampleCaptacion } from '../../../../couch-design/captacion/fixtures';
import {
  clearDraft,
  ensureLocalIndex,
  getLocalDb,
  listConflicts,
  loadDraft,
  localFind,
  localFindAll,
  localGet,
  localPut,
  localRemove,
  NOMINAS_READ_ONLY,
  resolveConflict,
  saveDraft,
  watchLocal,
  type LocalChangeEvent,
} from './index';
import { destroyLocalDbs, localDbName, setActiveUser, wipeLocalDbs } from './registry';

afterEach(leaveDevice);

const captacion = (id: string, fecha = '2025-03-01') => ({ ...sampleCaptacion({ captacion: { fecha } }), _id: id });

describe('local databases per person', () => {
  it('never shows one person the data of the previous person on the same device', async () => {
    const ana = signInAs();
    await localPut('captaciones', captacion('cap-ana'));
    expect(await localGet('captaciones', 'cap-ana')).not.toBeNull();

    const beto = signInAs();
    expect(localDbName(ana, 'captaciones')).not.toBe(localDbName(beto, 'captaciones'));
    expect(await localGet('captaciones', 'cap-ana')).toBeNull();
    expect((await getLocalDb('captaciones').info()).doc_count).toBe(0);

    setActiveUser(ana);
    expect((await localGet('captaciones', 'cap-ana'))?._id).toBe('cap-ana');
  });

  it('answers in Spanish when nobody is signed in', async () => {
    setActiveUser(null);
    await expect(localGet('captaciones', 'x')).rejects.toThrow('No hay una sesión iniciada en este dispositivo.');
  });

  it('destroys a person’s databases on sign-out', async () => {
    const ana = signInAs();
    await localPut('captaciones', captacion('cap-1'));
    await destroyLocalDbs(ana);
    const names = (await indexedDB.databases()).map((d) => d.name ?? '');
    expect(names.some((n) => n.includes(ana))).toBe(false);
  });
});

describe('reading and writing', () => {
  it('sets type, adds no stamp of its own, and refuses to write payslips', async () => {
    signInAs();
    const { id, rev } = await localPut('captaciones', { ...captacion('cap-2'), type: undefined as unknown as 'captacion' });
    const doc = await localGet<Record<string, unknown>>('captaciones', id);
    expect(doc).toMatchObject({ _id: 'cap-2', _rev: rev, type: 'captacion' });
    expect(doc).not.toHaveProperty('ultima_actualizacion');
    expect(doc?.historial_estatus).toEqual([]);
    await expect(localPut('nominas', { _id: 'n1', salario: 1 })).rejects.toThrow(NOMINAS_READ_ONLY);
  });

  it('creates an id when none is given', async () => {
    signInAs();
    const { id } = await localPut('captaciones', sampleCaptacion());
    expect(id).toMatch(/\S{8,}/);
    expect((await localGet('captaciones', id))?.type).toBe('captacion');
  });

  it('keeps the owner fields on a deletion so scoped clients learn of it', async () => {
    signInAs();
    await localPut('captaciones', { ...captacion('cap-3'), captacion: { ...sampleCaptacion().captacion, asesor: 'ase-1' } });
    const { rev } = await localRemove('captaciones', 'cap-3');
    expect(await localGet('captaciones', 'cap-3')).toBeNull();
    const tomb = await getLocalDb('captaciones').get<Record<string, any>>('cap-3', { rev });
    expect(tomb).toMatchObject({ _deleted: true, type: 'captacion', captacion: { asesor: 'ase-1' } });
  });

  it('queries with Mango on the indexes the features declare', async () => {
    signInAs();
    await ensureLocalIndex('captaciones', CAPTACIONES_BY_FECHA);
    await ensureLocalIndex('captaciones', CAPTACIONES_BY_FECHA);
    await localPut('captaciones', captacion('a', '2025-01-10'));
    await localPut('captaciones', captacion('b', '2025-03-10'));
    await localPut('captaciones', captacion('c', '2025-02-10'));
    const docs = await localFindAll('captaciones', {
      selector: { type: 'captacion', 'captacion.fecha': { $gte: '2025-02-01' } },
      sort: [{ type: 'desc' }, { 'captacion.fecha': 'desc' }],
    });
    expect(docs.map((d) => d._id)).toEqual(['b', 'c']);
    expect(await localFind('captaciones', { selector: { type: 'captacion' }, limit: 2 })).toHaveLength(2);
  });

  it('reads every match, past the 25 rows Mango answers without a limit, with or without an index', async () => {
    signInAs();
    const fechas = Array.from({ length: 60 }, (_, i) => `2025-01-${String((i % 28) + 1).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:00:00.000Z`);
    await getLocalDb('captaciones').bulkDocs(fechas.map((f, i) => captacion(`cap-${String(i).padStart(2, '0')}`, f)));
    // What the list read before: PouchDB's default limit.
    expect(await getLocalDb('captaciones').find({ selector: { type: 'captacion' } })).toHaveProperty('docs.length', 25);
    expect(await localFindAll('captaciones', { selector: { type: 'captacion' } })).toHaveLength(60);
    await ensureLocalIndex('captaciones', CAPTACIONES_BY_FECHA);
    const sorted = await localFindAll<{ captacion: { fecha: string } }>('captaciones', {
      selector: { type: 'captacion', 'captacion.fecha': { $gte: '' } },
      sort: [{ type: 'desc' }, { 'captacion.fecha': 'desc' }],
    });
    expect(sorted).toHaveLength(60);
    expect(sorted.map((d) => d.captacion.fecha)).toEqual([...fechas].sort().reverse());
  });

  it('reports local changes live until unsubscribed, without index documents', async () => {
    signInAs();
    const events: Array<LocalChangeEvent> = [];
    const stop = watchLocal('captaciones', (e) => events.push(e), { includeDocs: true });
    await localPut('captaciones', captacion('w1'));
    await ensureLocalIndex('captaciones', CAPTACIONES_BY_FECHA);
    await eventually(() => events.length >= 1, 'el aviso del cambio');
    expect(events[0]).toMatchObject({ kind: 'change', id: 'w1', deleted: false, doc: { _id: 'w1' } });
    stop();
    await localPut('captaciones', captacion('w2'));
    await new Promise((r) => setTimeout(r, 100));
    expect(events.map((e) => (e.kind === 'change' ? e.id : 'reset'))).toEqual(['w1']);
  });

  it('tells watchers to reload after a wipe, and keeps the listed local documents', async () => {
    const ana = signInAs();
    const events: Array<LocalChangeEvent> = [];
    watchLocal('captaciones', (e) => events.push(e));
    await localPut('captaciones', captacion('gone'));
    await saveDraft('nueva', { paso: 2 });
    await wipeLocalDbs(ana, { keepLocal: async () => ['_local/draft-nueva', '_local/drafts-index'] });
    expect(await localGet('captaciones', 'gone')).toBeNull();
    expect(await loadDraft('nueva')).toEqual({ paso: 2 });
    expect(events.at(-1)).toEqual({ kind: 'reset' });
    await localPut('captaciones', captacion('after'));
    await eventually(() => events.some((e) => e.kind === 'change' && e.id === 'after'), 'el aviso tras el borrado');
  });
  it('keeps everything when the last check cancels a wipe, and watchers keep working', async () => {
    const ana = signInAs();
    const events: Array<LocalChangeEvent> = [];
    watchLocal('captaciones', (e) => events.push(e));
    await localPut('captaciones', captacion('stays'));
    await expect(
      wipeLocalDbs(ana, {
        beforeDestroy: async () => {
          throw new Error('algo se escribió');
        },
      }),
    ).rejects.toThrow('algo se escribió');
    expect(await localGet('captaciones', 'stays')).not.toBeNull();
    await localPut('captaciones', captacion('later'));
    await eventually(() => events.some((e) => e.kind === 'change' && e.id === 'later'), 'el aviso tras el intento');
    expect(events.some((e) => e.kind === 'reset')).toBe(false);
  });
});

describe('drafts', () => {
  it('saves, loads, replaces and clears a draft kept as a _local document', async () => {
    signInAs();
    expect(await loadDraft('captacion-nueva')).toBeNull();
    await saveDraft('captacion-nueva', { propietario: { nombre: 'Ana' } });
    await saveDraft('captacion-nueva', { propietario: { nombre: 'Ana María' } });
    expect(await loadDraft('captacion-nueva')).toEqual({ propietario: { nombre: 'Ana María' } });
    // _local documents are not documents of the database: nothing to replicate.
    const db = getLocalDb('captaciones');
    expect((await db.info()).doc_count).toBe(0);
    expect((await db.changes({ since: 0 })).results).toEqual([]);
    await clearDraft('captacion-nueva');
    expect(await loadDraft('captacion-nueva')).toBeNull();
  });
});

describe('conflicts', () => {
  it('lists conflicted documents and resolves them keeping the chosen content', async () => {
    signInAs();
    const db = getLocalDb('captaciones');
    const base = captacion('cap-c');
    // Two devices edited revision 1 offline: both branches arrive (as replication writes them).
    await db.bulkDocs(
      [
        { ...base, _rev: '1-a', observaciones: 'base' },
        { ...base, _rev: '2-b', _revisions: { start: 2, ids: ['b', 'a'] }, tipo_tramite: 'Venta' },
        { ...base, _rev: '2-c', _revisions: { start: 2, ids: ['c', 'a'] }, tipo_tramite: 'Renta' },
      ] as any,
      { new_edits: false },
    );
    const conflicts = await listConflicts('captaciones');
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0].doc._id).toBe('cap-c');
    expect(conflicts[0].conflicts).toHaveLength(1);

    // The person merges the losing revision's content into a new winner.
    const losing = await db.get<Record<string, unknown>>('cap-c', { rev: conflicts[0].conflicts[0] });
    await resolveConflict('captaciones', 'cap-c', { ...losing, tipo_tramite: 'Venta y renta' });
    expect(await listConflicts('captaciones')).toEqual([]);
    expect((await localGet<Record<string, unknown>>('captaciones', 'cap-c'))?.tipo_tramite).toBe('Venta y renta');
  });
});
