/**
 * What a person's local database stores, sealed (docs/architecture.md, "Datos cifrados en el
 * dispositivo"). transform-pouch seals every document on its way in (writes, pulled batches) and
 * opens it on its way out (reads, changes, the push's reads), so screens and replication see
 * plain documents and the gateway receives plain ones. Stays clear: the `_` fields PouchDB keeps
 * (id, revision, revision tree, deletion, attachment names and types), never a field of the record.
 *
 * transform-pouch leaves `_local` documents and attachments alone: `get`/`put` of a `_local`
 * document (drafts, refused changes, the list's kept index) and `getAttachment` are wrapped here.
 */
// @ts-expect-error -- no type declarations for this package
import untypedWrappers from 'pouchdb-wrappers';
import { fromBase64, seal, SEAL_OVERHEAD, sealJson, toBase64, unseal, unsealJson } from './crypto';

/** The one field of a stored document that is not PouchDB's own: the sealed record. */
export const SEALED_FIELD = 'cifrado';

/**
 * `_local` documents that stay clear: the engine's push checkpoint and the scope fingerprint the
 * data was pulled with (numbers and a hash of the person's role and links, no record), read
 * while the device is locked to count what waits to be sent. Every other `_local` is sealed.
 */
const CLEAR_LOCAL = new Set(['_local/sync-scope', '_local/sync-push']);

type Doc = Record<string, unknown>;
/** pouchdb-wrappers' one function: `install(db, { method: (original, ...args) => ... })`. */
const wrappers = untypedWrappers as { install(db: object, handlers: Record<string, (orig: Orig, ...args: any[]) => Promise<unknown>>): void };
type Attachment = { content_type?: string; data?: unknown; stub?: boolean; digest?: string; length?: number };

async function bytesOf(data: unknown): Promise<Uint8Array<ArrayBuffer>> {
  if (typeof data === 'string') return fromBase64(data);
  if (typeof Blob !== 'undefined' && data instanceof Blob) return new Uint8Array(await data.arrayBuffer());
  if (data instanceof Uint8Array) return new Uint8Array(data);
  if (data instanceof ArrayBuffer) return new Uint8Array(data.slice(0));
  throw new Error('El adjunto no se pudo leer para cifrarlo.');
}

/** The same kind of value the adapter gave (base64 text, a Blob, or bytes in Node). */
function likeGiven(given: unknown, bytes: Uint8Array<ArrayBuffer>, type: string | undefined): unknown {
  if (typeof given === 'string') return toBase64(bytes);
  if (typeof Blob !== 'undefined' && given instanceof Blob) return new Blob([bytes], { type: given.type || type || '' });
  return bytes;
}

async function sealAttachments(key: CryptoKey, atts: Record<string, Attachment>): Promise<Record<string, Attachment>> {
  const out: Record<string, Attachment> = {};
  for (const [name, att] of Object.entries(atts)) {
    // A stub names an attachment already stored, so already sealed.
    if (att.stub || att.data === undefined) out[name] = att;
    else out[name] = { content_type: att.content_type, data: toBase64(await seal(key, await bytesOf(att.data))) };
  }
  return out;
}

async function openAttachments(key: CryptoKey, atts: Record<string, Attachment>): Promise<Record<string, Attachment>> {
  const out: Record<string, Attachment> = {};
  for (const [name, att] of Object.entries(atts)) {
    if (att.stub || att.data === undefined) {
      // The adapter measured the sealed bytes; readers (the pending changes' size) mean the photo's.
      out[name] = typeof att.length === 'number' ? { ...att, length: Math.max(0, att.length - SEAL_OVERHEAD) } : att;
      continue;
    }
    const plain = await unseal(key, await bytesOf(att.data));
    // The digest named the sealed bytes: whoever receives the plain ones computes their own.
    const { digest: _digest, ...rest } = att;
    void _digest;
    out[name] = { ...rest, length: plain.length, data: likeGiven(att.data, plain, att.content_type) };
  }
  return out;
}

/** Index definitions (pouchdb-find's design documents) hold no record, and the adapter reads them. */
const isDesign = (doc: Doc): boolean => typeof doc._id === 'string' && doc._id.startsWith('_design/');

export async function sealDoc(key: CryptoKey, doc: Doc): Promise<Doc> {
  if (isDesign(doc)) return doc;
  if (typeof doc[SEALED_FIELD] === 'string' && Object.keys(doc).every((k) => k.startsWith('_') || k === SEALED_FIELD)) return doc;
  const clear: Doc = {};
  const record: Doc = {};
  for (const [k, v] of Object.entries(doc)) (k.startsWith('_') ? clear : record)[k] = v;
  if (clear._attachments) clear._attachments = await sealAttachments(key, clear._attachments as Record<string, Attachment>);
  clear[SEALED_FIELD] = await sealJson(key, record);
  return clear;
}

export async function openDoc(key: CryptoKey, doc: Doc): Promise<Doc> {
  const sealed = doc[SEALED_FIELD];
  if (typeof sealed !== 'string') return doc;
  const { [SEALED_FIELD]: _s, ...clear } = doc;
  void _s;
  const record = await unsealJson<Doc>(key, sealed);
  const opened: Doc = { ...record, ...clear };
  if (clear._attachments) opened._attachments = await openAttachments(key, clear._attachments as Record<string, Attachment>);
  return opened;
}

const isLocal = (id: unknown): boolean => typeof id === 'string' && id.startsWith('_local/');

type Orig = (...args: unknown[]) => Promise<unknown>;

/** Seals `db` with the key `keyOf` answers at each call (it throws while the person is locked). */
export function sealDatabase(db: PouchDB.Database, keyOf: () => CryptoKey): void {
  (db as unknown as { transform(config: object): void }).transform({
    incoming: (doc: Doc) => sealDoc(keyOf(), doc),
    outgoing: (doc: Doc) => openDoc(keyOf(), doc),
  });
  wrappers.install(db, {
    async put(orig: Orig, doc: Doc, ...args: unknown[]) {
      if (isLocal(doc._id) && !CLEAR_LOCAL.has(doc._id as string)) {
        const { _id, _rev, ...rest } = doc;
        return orig({ _id, ...(_rev ? { _rev } : {}), [SEALED_FIELD]: await sealJson(keyOf(), rest) }, ...args);
      }
      return orig(doc, ...args);
    },
    async get(orig: Orig, id: string, ...args: unknown[]) {
      const doc = await orig(id, ...args);
      if (!isLocal(id) || !doc || typeof doc !== 'object') return doc;
      const sealed = (doc as Doc)[SEALED_FIELD];
      if (typeof sealed !== 'string') return doc;
      const { _id, _rev } = doc as Doc;
      return { ...(await unsealJson<Doc>(keyOf(), sealed)), _id, _rev };
    },
    async getAttachment(orig: Orig, ...args: unknown[]) {
      const data = await orig(...args);
      return likeGiven(data, await unseal(keyOf(), await bytesOf(data)), undefined);
    },
  });
}
