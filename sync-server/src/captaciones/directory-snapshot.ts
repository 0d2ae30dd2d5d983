/**
 * The directory's snapshot: its entries and the `_changes` sequence they reflect, in `_local`
 * documents of the captaciones database itself. `_local` documents are never replicated nor
 * listed, exist in CouchDB 3 and PouchDB alike, and die with their database, so a snapshot can
 * never describe another database. Devices cannot reach them: the replication endpoint stores a
 * device's checkpoints under `u<length>_<user id>_`, a prefix these names never have.
 *
 * A head document names the chunks of the current snapshot (5,000 entries each, a few hundred
 * KB: CouchDB refuses documents over 8 MB by default). Chunks are written in the slot the head
 * does not point at, then the head, so a crash or a second gateway saving at the same moment
 * never leaves a head pointing at half a snapshot; a token shared by the head and its chunks
 * tells a mixed set, which is then not used.
 *
 * The head also keeps the entry of a probe document computed by the code that saved it: when the
 * search text or the sort key changes in a new version, the probe differs and the snapshot is
 * rebuilt from the documents rather than trusted.
 */
import { randomUUID } from 'node:crypto';
import { localOrNull } from '../store/local-or-null';
import { isConflict, type StoreDb, type StoreDoc } from '../store/port';
import { compareEntries, toEntry, type Entry } from './directory-entry';

export const SNAPSHOT_HEAD = 'captaciones-directorio';
const FORMAT = 2;
const CHUNK_ENTRIES = 5_000;

export interface Snapshot {
  since: string;
  /** In list order, each id once. */
  entries: Entry[];
}

type Slot = 'a' | 'b';
const chunkId = (slot: Slot, i: number): string => `${SNAPSHOT_HEAD}-${slot}${i}`;

/** Every field the directory reads, with accents and spaces to fold. */
const PROBE: StoreDoc = {
  _id: 'sonda',
  type: 'captacion',
  propietario: { nombre: '  José  ÑÚÑEZ Peña ' },
  propiedad: {
    direccion: { calle: 'Av. Insurgentes Sur', numero: '12-B', colonia: 'Del Valle', ciudad: 'Mérida', estado: 'Yucatán', codigo_postal: '97000', completa: 'Calle 60 #491' },
  },
  captacion: { fecha: '2024-05-06T07:08:09.000Z', asesor: 'asesor-sonda' },
};
const probe = (): string => JSON.stringify(toEntry(PROBE));

const isText = (v: unknown): v is string => typeof v === 'string';

function entriesOf(chunk: StoreDoc | null, token: string): Entry[] | null {
  if (!chunk || chunk.token !== token || !Array.isArray(chunk.entries)) return null;
  const out: Entry[] = [];
  for (const row of chunk.entries as unknown[]) {
    if (!Array.isArray(row) || row.length !== 5) return null;
    const [id, key, asesor, text, rev] = row as unknown[];
    if (!isText(id) || !isText(key) || !(asesor === null || isText(asesor)) || !isText(text) || !(rev === null || isText(rev))) return null;
    out.push({ id, key, asesor, text, rev });
  }
  return out;
}

/** The last snapshot saved, or null when there is none this code can trust. */
export async function loadSnapshot(db: StoreDb): Promise<Snapshot | null> {
  const head = await localOrNull(db, SNAPSHOT_HEAD);
  if (!head || head.format !== FORMAT || head.probe !== probe() || !isText(head.since) || !isText(head.token)) return null;
  const slot = head.slot === 'b' ? 'b' : 'a';
  const chunks = Number(head.chunks);
  if (!Number.isInteger(chunks) || chunks < 0) return null;
  const read = await Promise.all(Array.from({ length: chunks }, (_, i) => localOrNull(db, chunkId(slot, i))));
  const entries: Entry[] = [];
  for (const chunk of read) {
    const part = entriesOf(chunk, head.token);
    if (!part) return null;
    for (const e of part) entries.push(e);
  }
  if (entries.length !== head.size) return null;
  const ids = new Set<string>();
  for (let i = 0; i < entries.length; i++) {
    if (ids.has(entries[i].id) || (i > 0 && compareEntries(entries[i - 1], entries[i]) >= 0)) return null;
    ids.add(entries[i].id);
  }
  return { since: head.since, entries };
}

/** Writes a `_local` document over revision `rev` (none: a new one); false when someone else wrote it meanwhile. */
async function putLocalOver(db: StoreDb, doc: StoreDoc, rev: string | undefined): Promise<boolean> {
  try {
    await db.putLocal(rev ? { ...doc, _rev: rev } : doc);
    return true;
  } catch (e) {
    if (isConflict(e)) return false;
    throw e;
  }
}

/** Creates or overwrites a `_local` document; false when someone else wrote it meanwhile. */
async function putLocal(db: StoreDb, doc: StoreDoc): Promise<boolean> {
  return putLocalOver(db, doc, (await localOrNull(db, doc._id))?._rev);
}

/**
 * Saves the snapshot; false when another gateway saved one at the same moment (theirs stands,
 * and is as good). Each chunk is its own store call, so other requests run in between.
 */
export async function saveSnapshot(db: StoreDb, { since, entries }: Snapshot, chunkEntries = CHUNK_ENTRIES): Promise<boolean> {
  const head = await localOrNull(db, SNAPSHOT_HEAD);
  const slot: Slot = head?.slot === 'a' ? 'b' : 'a';
  const token = randomUUID();
  const chunks = Math.ceil(entries.length / chunkEntries);
  for (let i = 0; i < chunks; i++) {
    const rows = entries.slice(i * chunkEntries, (i + 1) * chunkEntries).map((e) => [e.id, e.key, e.asesor, e.text, e.rev]);
    if (!(await putLocal(db, { _id: chunkId(slot, i), token, entries: rows }))) return false;
  }
  const next: StoreDoc = { _id: SNAPSHOT_HEAD, format: FORMAT, probe: probe(), since, token, slot, chunks, size: entries.length };
  return putLocalOver(db, next, head?._rev);
}
