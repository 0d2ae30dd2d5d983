/**
 * Schema versions and migrations (issue 32): a data folder made by the previous release (no
 * version) is brought up to this one at start, each migration logged and run once; running again
 * changes nothing; data of a newer release stops the start with a Spanish reason. Real LevelDB
 * folders, opened and closed as a gateway restart would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../couch-design/design-docs/index';
import { createEmbeddedStore } from './embedded';
import { currentVersion, migrateStore, MIGRATIONS, NewerData, SCHEMA_DOC, type Migration } from './migrations';

const work = mkdtempSync(path.join(tmpdir(), 'migraciones-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A later release's migration, as one would be written: `notas` becomes `observaciones`, idempotent. */
const renameNotas: Migration = {
  version: 2,
  database: 'captaciones',
  description: 'notas pasa a observaciones',
  async run(db) {
    const { docs } = await db.find({ selector: { type: 'captacion', notas: { $exists: true } }, limit: 10_000 });
    const changed = docs.map(({ notas, ...doc }) => ({ ...doc, observaciones: notas }));
    if (changed.length) await db.bulkDocs(changed);
    return changed.length;
  },
};

describe('migrations at start', { timeout: 60_000 }, () => {
  it('bring a data folder of the previous release to this one, once, saying so', async () => {
    const dir = path.join(work, 'anterior');
    // What the previous release left: documents and no version anywhere.
    const before = createEmbeddedStore(dir, 'inmo_');
    await (await before.db('captaciones')).bulkDocs([{ _id: 'c1', type: 'captacion', notas: 'esquina' }, { _id: 'c2', type: 'captacion', notas: 'patio' }]);
    await before.close();

    const store = createEmbeddedStore(dir, 'inmo_');
    const lines: string[] = [];
    const migrations = [...MIGRATIONS, renameNotas];
    const reports = await migrateStore(store, migrations, (l) => lines.push(l));
    expect(reports.find((r) => r.database === 'captaciones')).toEqual({ database: 'captaciones', from: 0, to: 2, written: 2 });
    expect(lines).toContain('Base captaciones: migración 2 (notas pasa a observaciones): 2 documentos actualizados.');
    expect(lines.filter((l) => / migración 1 /.test(l))).toHaveLength(DATABASES.length);
    const c1 = await (await store.db('captaciones')).get('c1');
    expect(c1.observaciones).toBe('esquina');
    expect(c1.notas).toBeUndefined();
    for (const name of DATABASES) expect((await (await store.db(name)).getLocal(SCHEMA_DOC)).version).toBe(currentVersion(migrations, name));
    await store.close();

    // A restart: nothing pending, nothing written, nothing said.
    const again = createEmbeddedStore(dir, 'inmo_');
    const quiet: string[] = [];
    expect(await migrateStore(again, migrations, (l) => quiet.push(l))).toEqual([]);
    expect(quiet).toEqual([]);
    expect((await (await again.db('captaciones')).get('c1'))._rev).toBe(c1._rev);
    await again.close();
  });

  it('a migration stopped halfway runs again over what it already changed', async () => {
    const store = createEmbeddedStore(path.join(work, 'a-medias'), 'inmo_');
    const db = await store.db('captaciones');
    await db.bulkDocs([{ _id: 'c1', type: 'captacion', observaciones: 'ya cambiada' }, { _id: 'c2', type: 'captacion', notas: 'pendiente' }]);
    await migrateStore(store, [...MIGRATIONS, renameNotas]);
    expect((await db.get('c1')).observaciones).toBe('ya cambiada');
    expect((await db.get('c2')).observaciones).toBe('pendiente');
    await store.close();
  });

  it('data of a newer release stops the start', async () => {
    const store = createEmbeddedStore(path.join(work, 'nueva'), 'inmo_');
    await (await store.db('nominas')).putLocal({ _id: SCHEMA_DOC, version: 7 });
    const refused = await migrateStore(store).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NewerData);
    expect((refused as Error).message).toBe(
      'La base nominas tiene datos de una versión más nueva de la aplicación (esquema 7; esta versión conoce hasta el 1): no se arranca para no estropearlos. Instale la versión nueva, o restaure el respaldo hecho antes de actualizar.',
    );
    await store.close();
  });
});
