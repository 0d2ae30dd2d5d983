/**
 * The captaciones resource: the signed-in person's captaciones in their local database
 * (offline-first, docs/architecture.md section 5), through the data seam; the sync engine carries every change
 * to the gateway. Each save is stamped here, in the revision itself (`ultima_actualizacion`, one
 * more `historial_estatus` entry), with the person and the device's clock: the history tells when
 * the person made the change, even offline, and the gateway stores that revision as sent
 * (checking the stamp and the adviser) instead of writing a second revision on top, which made
 * false conflicts and undid deletions.
 */
import { writableLocalResource, type LocalResource, type RecordVersions, type WritableResource } from '../../../lib/data';
import { listRejectedChanges, localGetMany, readListIndex, type ProjectionView, type RejectedChange } from '../../../lib/db';
import { paginate, PAGE_SIZE } from '../../../components/list';
import { matchingIds, sortEntries, type IndexedCaptacion } from '../list/filter';
import type { AuthUser } from '../../../lib/session';
// The modules themselves: the captación barrel brings the schema (and Yup) to the list's first draw.
import { formToDoc } from '../../../../../couch-design/captacion/convert';
import { CAPTACION } from '../../../../../couch-design/captacion/entity';
import { CAPTACIONES_LIST_INDEX, type CaptacionEntry } from '../../../../../couch-design/captacion/list-index';
import type { Captacion, CaptacionForm, NewCaptacion } from '../../../../../couch-design/captacion/types';
import { stampCaptacion, type Stamper } from '../../../../../couch-design/captacion/stamp';
import type { SessionUser } from '../../../../../couch-design/roles';
import { canSeeCaptacion } from '../../../../../couch-design/scope';

/** Every captación this device holds, with conflicts marked: the list shows records edited on two devices. */
const records = writableLocalResource<Captacion, NewCaptacion | Captacion>({
  db: CAPTACION.database,
  selector: { type: 'captacion' },
  accepts: (doc) => doc.type === 'captacion',
  markConflicts: true,
});

/**
 * The device only holds the person's scope; this guards the moment between a role change and
 * the wipe that follows it (a supervisor must never see someone else's records).
 */
const visibleTo = (user: SessionUser, doc: Captacion): boolean => canSeeCaptacion(user, doc.captacion?.asesor);

/**
 * The person as the history names them. `nombre` of the session user is the gateway's own
 * `fullName(usuario) || email` (check-auth answers it), so the device writes the same name the
 * gateway would; the email stands in only for a cached user stored without a name.
 */
export const stamperOf = (user: Pick<AuthUser, 'nombre' | 'email'>): Stamper => ({ nombre: user.nombre || user.email, email: user.email });

/** The device's clock is the edit time; the gateway keeps it (never later than its own) beside its receipt time. */
const stamp = <T extends object>(doc: T, previous: object | null, user: AuthUser, now: Date): T => stampCaptacion(doc, previous, stamperOf(user), now.toISOString());

/** A captación with its conflicting revisions (two devices edited it offline). */
export type LoadedCaptacion = RecordVersions<Captacion>;

/** Every captación of the person's scope on this device. */
export async function listCaptaciones(user: SessionUser): Promise<Captacion[]> {
  return (await records.list()).filter((doc) => visibleTo(user, doc));
}

/** One page of the list, read through the kept index: the ten records shown, and the counts. */
export interface CaptacionesPage {
  items: Captacion[];
  /** The page shown (clamped to those that exist). */
  page: number;
  pages: number;
  /** Records matching the search. */
  total: number;
  /** Records of the person's scope on this device, searched or not (the empty state). */
  inScope: number;
}

/** The scope's entries in the list's order, sorted once per change of the index and person. */
let sortedCache: { entries: ReadonlyMap<string, CaptacionEntry>; version: number; user: string; sorted: IndexedCaptacion[] } | null = null;

function sortedInScope(view: ProjectionView<CaptacionEntry>, user: SessionUser): IndexedCaptacion[] {
  const who = `${user.id}|${user.role}`;
  const c = sortedCache;
  if (c && c.entries === view.entries && c.version === view.version && c.user === who) return c.sorted;
  const inScope: IndexedCaptacion[] = [];
  for (const [id, e] of view.entries) if (canSeeCaptacion(user, e.asesor)) inScope.push({ id, ...e });
  const sorted = sortEntries(inScope);
  sortedCache = { entries: view.entries, version: view.version, user: who, sorted };
  return sorted;
}

/** The ids a list filter of another feature keeps (CAPTACION_LIST_FILTERS); null: no filter. */
export type OnlyIds = ReadonlySet<string> | null;
const narrowed = (ids: string[], only: OnlyIds): string[] => (only ? ids.filter((id) => only.has(id)) : ids);

/**
 * The page `page` of the captaciones matching `query` (spec 001 section 2.5): the search, the
 * order and the counts come from the kept index; only the page's records are read.
 */
export async function pageOfCaptaciones(user: SessionUser, query: string, page: number, size = PAGE_SIZE, only: OnlyIds = null): Promise<CaptacionesPage> {
  const sorted = sortedInScope(await readListIndex(CAPTACION.database, CAPTACIONES_LIST_INDEX), user);
  const shown = paginate(narrowed(matchingIds(sorted, query), only), page, size);
  const docs = await localGetMany<Captacion>(CAPTACION.database, shown.items);
  return { items: docs.filter((doc) => visibleTo(user, doc)), page: shown.page, pages: shown.pages, total: shown.total, inScope: sorted.length };
}

/** Every captación matching `query`, in the list's order ('Exportar CSV': read when asked, never to draw a page). */
export async function matchingCaptaciones(user: SessionUser, query: string, only: OnlyIds = null): Promise<Captacion[]> {
  const sorted = sortedInScope(await readListIndex(CAPTACION.database, CAPTACIONES_LIST_INDEX), user);
  const docs = await localGetMany<Captacion>(CAPTACION.database, narrowed(matchingIds(sorted, query), only));
  return docs.filter((doc) => visibleTo(user, doc));
}

/** The record with its conflicting revisions, or null when it does not exist (or is outside the scope). */
export async function loadCaptacion(id: string, user: SessionUser): Promise<LoadedCaptacion | null> {
  const found = await records.versions(id);
  return found && visibleTo(user, found.doc) ? found : null;
}

/**
 * A new captación: the creator is its adviser (the gateway does the same; setting it here keeps a
 * supervisor's scope right before the first sync), now is its capture date and its first
 * history entry.
 */
async function insertCaptacion(values: CaptacionForm, user: AuthUser, now: Date): Promise<Captacion> {
  const doc = formToDoc(values);
  const { _id: _ignoredId, _rev: _ignoredRev, ultima_actualizacion: _u, historial_estatus: _h, ...fields } = doc;
  const fresh = { ...fields, captacion: { ...doc.captacion, asesor: user.id, fecha: now.toISOString() } };
  return records.save(stamp(fresh, null, user, now) as NewCaptacion);
}

export async function createCaptacion(values: CaptacionForm, user: AuthUser, now = new Date()): Promise<string> {
  return (await insertCaptacion(values, user, now))._id;
}

/**
 * Saves the edit form over the revision it was opened on. A revision that arrived meanwhile
 * makes PouchDB answer 409: the caller tells the person instead of overwriting it blindly.
 */
export async function updateCaptacion(values: CaptacionForm, base: Captacion, user: AuthUser, now = new Date()): Promise<Captacion> {
  const doc = formToDoc(values);
  const next: Captacion = {
    ...doc,
    _id: base._id,
    _rev: base._rev,
    // Fields the form does not own: they stay as the stored record has them.
    captacion: { ...doc.captacion, asesor: base.captacion?.asesor ?? '', fecha: base.captacion?.fecha || now.toISOString() },
  };
  if (base.pdf_url) next.pdf_url = base.pdf_url;
  else delete next.pdf_url;
  // The history continues the revision the form was opened on, the one this edit replaces.
  return records.save(stamp(next, base, user, now));
}

/**
 * Keeps the version the person merged (whose history is the current winner's, see
 * conflict/merge.ts) as an edit of theirs, and deletes the losing revisions.
 */
export async function resolveCaptacionConflict(id: string, merged: Captacion, losingRevs: string[], user: AuthUser, now = new Date()): Promise<void> {
  await records.resolve(id, stamp(merged, merged, user, now), losingRevs);
}

/** What the create and edit forms save. */
export interface CaptacionSave {
  values: CaptacionForm;
  /** The revision the edit form was opened on (it names the record); none for a new captación. */
  base?: Captacion;
  /** The time of the edit; now by default. */
  at?: Date;
}

export interface CaptacionesResource extends LocalResource<Captacion>, Omit<WritableResource<Captacion, CaptacionSave>, 'watch'> {
  /** One page of the list (search, order and counts from the kept index). */
  page(query: string, page: number, only?: OnlyIds): Promise<CaptacionesPage>;
  /** Every record matching `query`, in the list's order (the CSV export). */
  matching(query: string, only?: OnlyIds): Promise<Captacion[]>;
  /** Keeps the merged version of a conflicted record and deletes `losingRevs`. */
  resolve(id: string, merged: Captacion, losingRevs: string[]): Promise<void>;
}

/** The captaciones as `user` sees and edits them: every save is stamped with this person. */
export function captacionesOf(user: AuthUser): CaptacionesResource {
  return {
    source: 'local',
    list: () => listCaptaciones(user),
    page: (query, page, only) => pageOfCaptaciones(user, query, page, PAGE_SIZE, only),
    matching: (query, only) => matchingCaptaciones(user, query, only),
    async get(id) {
      const doc = await records.get(id);
      return doc && visibleTo(user, doc) ? doc : null;
    },
    versions: (id) => loadCaptacion(id, user),
    // One feed for every person's resource: hooks keep following it when the session user changes.
    watch: records.watch,
    save: ({ values, base, at = new Date() }) => (base ? updateCaptacion(values, base, user, at) : insertCaptacion(values, user, at)),
    // Every revision: deleting only the winner of a conflicted record would bring a losing one back.
    remove: (id) => records.remove(id),
    resolve: (id, merged, losingRevs) => resolveCaptacionConflict(id, merged, losingRevs, user),
  };
}

export function isRevisionConflict(err: unknown): boolean {
  return (err as { status?: number } | null)?.status === 409;
}

/** Changes of this record the server refused for good (kept on the device by the sync engine). */
export async function rejectedChangesOf(id: string): Promise<RejectedChange[]> {
  try {
    return (await listRejectedChanges()).filter((c) => c.id === id);
  } catch {
    return [];
  }
}
