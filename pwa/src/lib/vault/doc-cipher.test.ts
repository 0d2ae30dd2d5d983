/**
 * A person's database on the device stores every record, attachment and `_local` document sealed
 * (PouchDB on fake-indexeddb, as the browser runs it), while readers and replication see them
 * plain: a copy pulled from this database to another one is readable there.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openIndexedDb, type LocalDatabase } from '../db/pouch';
import { LockedError } from './keyring';
import { SEALED_FIELD } from './doc-cipher';

const g = globalThis as { navigator?: unknown };
if (typeof g.navigator === 'undefined') Object.defineProperty(globalThis, 'navigator', { value: { userAgent: 'Node.js', onLine: true }, configurable: true });

const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
const CURP = 'GOMC800101HDFRRR09';
const record = { _id: 'cap-1', type: 'captacion', propietario: { nombre: 'Carmen Gómez', curp: CURP, telefono: '5512345678' } };

const opened: LocalDatabase[] = [];
function pair(): { sealed: LocalDatabase; raw: LocalDatabase; locked: { on: boolean } } {
  const name = `cifrado-${randomUUID()}`;
  const locked = { on: false };
  const sealed = openIndexedDb(name, () => {
    if (locked.on) throw new LockedError();
    return key;
  });
  const raw = openIndexedDb(name);
  opened.push(sealed);
  return { sealed, raw, locked };
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy().catch(() => undefined);
});

describe('a sealed local database', () => {
  it('stores a record as ids, revisions and one sealed field; readers get it whole', async () => {
    const { sealed, raw } = pair();
    const { rev } = await sealed.put(record);
    const stored = (await raw.get('cap-1')) as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(['_id', '_rev', SEALED_FIELD]);
    expect(JSON.stringify(stored)).not.toContain(CURP);
    expect(await sealed.get('cap-1')).toEqual({ ...record, _rev: rev });
    const all = await sealed.allDocs({ include_docs: true });
    expect(all.rows[0]?.doc).toMatchObject(record);
    const changes = await sealed.changes({ include_docs: true });
    expect(changes.results[0]?.doc).toMatchObject(record);
  });

  it('seals tombstones that keep their body, conflicting revisions and attachments', async () => {
    const { sealed, raw } = pair();
    const photo = Buffer.from('JPEG-bytes-of-the-house').toString('base64');
    const { rev } = await sealed.put({ ...record, _attachments: { miniatura: { content_type: 'image/jpeg', data: photo } } });
    // (fake-indexeddb cannot answer a get with `attachments: true`: the stored bytes are read as the adapter keeps them.)
    const storedBytes = Buffer.from((await raw.getAttachment('cap-1', 'miniatura')) as Uint8Array);
    expect(storedBytes.toString()).not.toContain('JPEG-bytes');
    expect(storedBytes.length).toBe(12 + 23 + 16);
    const bytes = (await sealed.getAttachment('cap-1', 'miniatura')) as Uint8Array;
    expect(Buffer.from(bytes).toString()).toBe('JPEG-bytes-of-the-house');
    const other = { ...record, propietario: { ...record.propietario, telefono: '5599999999' }, _rev: '1-ffffffffffffffffffffffffffffffff' };
    await sealed.bulkDocs([other], { new_edits: false });
    const removed = await sealed.put({ ...record, _rev: rev, _deleted: true });
    const tomb = await raw.get('cap-1', { rev: removed.rev });
    expect(JSON.stringify(tomb)).not.toContain(CURP);
    expect(await sealed.get('cap-1', { rev: removed.rev })).toMatchObject({ _deleted: true, propietario: { curp: CURP } });
    expect(JSON.stringify(await raw.get('cap-1', { rev: other._rev }))).not.toContain('5599999999');
  });

  it('seals `_local` documents (drafts, refused changes) but the push checkpoint', async () => {
    const { sealed, raw } = pair();
    await sealed.put({ _id: '_local/draft-captacion-nueva', value: { propietario: { curp: CURP } } });
    await sealed.put({ _id: '_local/sync-push', seq: 12 });
    expect(JSON.stringify(await raw.get('_local/draft-captacion-nueva'))).not.toContain(CURP);
    expect(await sealed.get('_local/draft-captacion-nueva')).toMatchObject({ value: { propietario: { curp: CURP } } });
    expect(await raw.get('_local/sync-push')).toMatchObject({ seq: 12 });
  });

  it('replicates plain documents to another database, and pulls plain ones into sealed storage', async () => {
    const { sealed, raw } = pair();
    const plain = openIndexedDb(`plano-${randomUUID()}`);
    opened.push(plain);
    await sealed.put(record);
    await sealed.replicate.to(plain);
    expect(await plain.get('cap-1')).toMatchObject(record);
    await plain.put({ ...record, _id: 'cap-2' });
    await sealed.replicate.from(plain);
    expect(JSON.stringify(await raw.get('cap-2'))).not.toContain(CURP);
    expect(await sealed.get('cap-2')).toMatchObject({ propietario: { curp: CURP } });
  });

  it('refuses to read or write while the person is locked out', async () => {
    const { sealed, locked } = pair();
    await sealed.put(record);
    locked.on = true;
    await expect(sealed.get('cap-1')).rejects.toThrow(LockedError);
    await expect(sealed.put({ ...record, _id: 'cap-3' })).rejects.toThrow(LockedError);
  });
});
