/**
 * The backup itself: every database of the store written to a stream as backup-format.ts says,
 * through the Store port only (so the same code reads the embedded store and CouchDB 3).
 *
 * Each database is walked through `_changes` (`style=all_docs`, in pages) and every document it
 * names is read with all its leaves (`_bulk_get` without a revision = `open_revs=all`), each with
 * `_revisions` and its attachments inline: conflicts, deletions, photos and the revision history
 * that lets a device holding a revision meet the same document after a restore.
 *
 * What "consistent" means here: every change committed before the backup started is in the file,
 * and each document is copied as it stood when its page was read, never older than at the start.
 * Each database's `update_seq` is noted at the start; the feed is nevertheless read to its end,
 * because a document edited during the backup leaves its old place in the feed for a later one
 * (stopping at the starting sequence would lose it). A change made during the backup may or may
 * not be in the file; documents in different databases are not read at one instant (CouchDB
 * offers no such snapshot), which a restore followed by the devices' next sync makes whole: they
 * send back every revision the server lacks.
 *
 * Nothing that grants access is copied: the `sesiones` database (open sessions, sign-in counters
 * and, without SESSION_SECRET, the secret that signs every session cookie) stays out, so a stolen
 * backup opens no session and forges no cookie. A restored store starts with no session: people
 * sign in again; devices keep their data and resume once they do.
 */
import type { Writable } from 'node:stream';
import { DATABASES, type DatabaseName } from '../../../couch-design/design-docs/index';
import { SESION } from '../../../couch-design/sesion/entity';
import { localOrNull } from '../store/local-or-null';
import type { Store } from '../store/port';
import { LineWriter, FORMAT, VERSION } from './backup-format';
import { INSTANCE_LOCAL_DOC, LOCAL_DOCS_KEPT } from './local-docs-kept';

/** Changes read per page of the feed: ids and leaf revisions only, small. */
const FEED_PAGE = 200;
/**
 * Documents read per `_bulk_get`, attachments included: a user's photo is up to 2 MB (2.7 MB of
 * base64), so ten of them are the most a backup holds in memory at once.
 */
const READ_BATCH = 10;

/** Databases that grant access or only matter while the server runs: never in a backup. */
export const NOT_BACKED_UP: ReadonlySet<DatabaseName> = new Set<DatabaseName>([SESION.database]);
/** The databases a backup copies, in the declarations' order. */
export const BACKED_UP: readonly DatabaseName[] = DATABASES.filter((d) => !NOT_BACKED_UP.has(d));

export interface BackupResult {
  lines: number;
  revisiones: number;
  bases: Array<{ base: string; revisiones: number; locales: number }>;
}

/** Writes a backup of every database of `store` to `out` (which it does not end). */
export async function writeBackup(store: Store, out: Writable): Promise<BackupResult> {
  const w = new LineWriter(out);
  const names = [...BACKED_UP];
  await w.write({ respaldo: FORMAT, version: VERSION, creado: new Date().toISOString(), almacen: store.kind, bases: names });
  // Every starting sequence is taken before any database is read, within moments of each other.
  const dbs = await Promise.all(names.map(async (name) => {
    const db = await store.db(name);
    return { name, db, start: (await db.info()).update_seq };
  }));
  const result: BackupResult = { lines: 0, revisiones: 0, bases: [] };
  for (const { name, db, start } of dbs) {
    const instancia = (await localOrNull(db, INSTANCE_LOCAL_DOC)) !== null;
    await w.write({ base: name, secuencia_inicial: start, instancia });
    w.startBase();
    let revisiones = 0;
    let since = '0';
    for (;;) {
      const page = await db.changes({ since, limit: FEED_PAGE, style: 'all_docs' });
      if (page.results.length === 0) break;
      for (let i = 0; i < page.results.length; i += READ_BATCH) {
        const reqs = page.results.slice(i, i + READ_BATCH).map((r) => ({ id: r.id }));
        const { results } = await db.bulkGet(reqs, { revs: true, attachments: true });
        for (const { docs } of results) {
          // `missing`: purged since the feed named it; nothing to keep.
          for (const entry of docs) {
            if (!('ok' in entry)) continue;
            await w.write({ doc: entry.ok });
            revisiones++;
          }
        }
      }
      since = page.last_seq;
    }
    let locales = 0;
    for (const id of LOCAL_DOCS_KEPT[name] ?? []) {
      const doc = await localOrNull(db, id);
      if (!doc) continue;
      // Its revision means nothing on another store; the restore writes it as new.
      const { _rev: _ignored, ...body } = doc;
      await w.write({ local: { ...body, _id: `_local/${id}` } });
      locales++;
    }
    await w.write({ fin_base: name, revisiones, locales, ultima_secuencia: since, sha256: w.endBase() });
    result.bases.push({ base: name, revisiones, locales });
    result.revisiones += revisiones;
  }
  result.lines = w.lines + 1;
  await w.write({ fin: true, lineas: result.lines });
  return result;
}
