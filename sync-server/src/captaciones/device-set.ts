/**
 * The captaciones a person's devices keep (issue 34; docs/architecture.md «El conjunto del
 * dispositivo»): those they advise (which covers those they created and, for a supervisor, those
 * assigned to them), those they opened or edited in the last `DISPOSITIVO_DIAS_RECIENTES` days,
 * and those they pinned ('Disponible sin conexión'), always within their read scope and among
 * the captaciones that exist. The advised ones come from the list's directory, in memory; the
 * marks (opened, edited, pinned) from one document per person in `conjuntos`.
 *
 * Each person's set is computed at most once per moment (`FRESH_MS`) unless the directory or their
 * marks moved here: every replication request narrows by it, and another gateway's pin is seen
 * within that moment.
 */
import { canSeeCaptacion } from '../../../couch-design/scope';
import { CONJUNTO, CONJUNTO_TYPE } from '../../../couch-design/conjunto/entity';
import type { AuthUser } from '../http/actor';
import { log } from '../log';
import { DocRepository } from '../store/doc-repository';
import type { Store } from '../store/port';
import type { DeviceSetSource } from '../sync/device-sets';
import type { CaptacionesDirectory } from './directory';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a computed set is used before it is worked out again. */
const FRESH_MS = 2_000;
/** An opening already marked this recently is not written again (a detail opened many times a day). */
const MARK_AGAIN_MS = 60 * 60 * 1000;
/** Marks a person keeps at most: the newest win. */
const MAX_RECENT = 5_000;
const MAX_PINNED = 5_000;
/** People whose sets are kept in memory. */
const MAX_PEOPLE = 1_000;

interface Marks {
  _id: string;
  _rev?: string;
  type: typeof CONJUNTO_TYPE;
  usuario: string;
  /** Pinned captación ids. */
  fijadas: string[];
  /** Captación id → when the person last opened or edited it (ISO). */
  recientes: Record<string, string>;
}

const marksId = (userId: string): string => `${CONJUNTO_TYPE}:${userId}`;

interface Computed {
  changeCount: number;
  version: number;
  /** When the marks were read. */
  marksAt: number;
  marks: Marks;
  ids: ReadonlySet<string>;
  fijadas: ReadonlySet<string>;
  /** Those the person advises: a device never lets them go for its storage budget. */
  asesoradas: ReadonlySet<string>;
}

export interface DeviceSetOptions {
  store: Store;
  directory: CaptacionesDirectory;
  /** DISPOSITIVO_DIAS_RECIENTES. */
  recentDays: number;
  now?: () => number;
}

export class CaptacionesDeviceSet implements DeviceSetSource {
  private readonly computed = new Map<string, Promise<Computed>>();
  /** Moves with each mark written here, per person: their set is worked out again at once. */
  private readonly versions = new Map<string, number>();
  private repo: Promise<DocRepository<Marks>> | null = null;
  private readonly now: () => number;

  constructor(private readonly opts: DeviceSetOptions) {
    this.now = opts.now ?? Date.now;
  }

  async ids(user: AuthUser): Promise<ReadonlySet<string>> {
    return (await this.current(user)).ids;
  }

  settle(): Promise<void> {
    return this.opts.directory.refresh();
  }

  /** The set's ids, the pinned and the advised ones among them, for `GET /api/captaciones/sin-conexion`. */
  async answer(user: AuthUser): Promise<{ ids: string[]; fijadas: string[]; asesoradas: string[] }> {
    // The device drops what is not here: the directory first catches up, as for the fingerprint.
    await this.settle();
    const { ids, fijadas, asesoradas } = await this.current(user);
    return { ids: [...ids].sort(), fijadas: [...fijadas].filter((id) => ids.has(id)).sort(), asesoradas: [...asesoradas].sort() };
  }

  /** The person opened these captaciones online (REST), or stored them: they stay on their devices. */
  wrote(user: AuthUser, ids: readonly string[]): void {
    void this.touch(user, ids).catch((err: unknown) => log.warn({ err }, 'No se pudo anotar la captación en el conjunto del dispositivo.'));
  }

  async touch(user: AuthUser, ids: readonly string[]): Promise<void> {
    const now = this.now();
    await this.change(user, (m) => {
      const fresh = ids.filter((id) => !(now - Date.parse(m.recientes[id] ?? '') < MARK_AGAIN_MS));
      if (!fresh.length) return false;
      for (const id of fresh) m.recientes[id] = new Date(now).toISOString();
      return true;
    });
  }

  /** Pins or unpins a captación the caller has checked the person may read. */
  async pin(user: AuthUser, id: string, pinned: boolean): Promise<void> {
    await this.change(user, (m) => {
      const has = m.fijadas.includes(id);
      if (has === pinned) return false;
      m.fijadas = pinned ? [...m.fijadas, id].slice(-MAX_PINNED) : m.fijadas.filter((f) => f !== id);
      return true;
    });
  }

  /**
   * The person's device dropped these for its storage budget: it no longer opened or edited them,
   * as far as the set goes, so they leave the set instead of coming back with their next change.
   * Pins are not forgotten (a device never drops a pinned one). Returns how many marks went.
   */
  async forget(user: AuthUser, ids: readonly string[]): Promise<number> {
    let forgotten = 0;
    await this.change(user, (m) => {
      forgotten = 0;
      for (const id of ids) {
        if (!Object.hasOwn(m.recientes, id)) continue;
        delete m.recientes[id];
        forgotten++;
      }
      return forgotten > 0;
    });
    return forgotten;
  }

  private marks(): Promise<DocRepository<Marks>> {
    return (this.repo ??= this.opts.store.db(CONJUNTO.database).then((db) => new DocRepository<Marks>(db, CONJUNTO_TYPE)));
  }

  private async read(userId: string): Promise<Marks> {
    const doc = await (await this.marks()).get(marksId(userId));
    return {
      _id: marksId(userId),
      ...(doc?._rev ? { _rev: doc._rev } : {}),
      type: CONJUNTO_TYPE,
      usuario: userId,
      fijadas: Array.isArray(doc?.fijadas) ? doc.fijadas.filter((x): x is string => typeof x === 'string') : [],
      recientes: doc?.recientes && typeof doc.recientes === 'object' ? { ...doc.recientes } : {},
    };
  }

  /** Applies `edit` to the person's marks (false: nothing to write), pruned, retried over a concurrent write. */
  private async change(user: AuthUser, edit: (m: Marks) => boolean): Promise<void> {
    const repo = await this.marks();
    for (let attempt = 0; attempt < 5; attempt++) {
      const m = await this.read(user.id);
      if (!edit(m)) return;
      m.recientes = this.prune(m.recientes);
      if (await repo.putIfCurrent(m)) {
        this.versions.set(user.id, (this.versions.get(user.id) ?? 0) + 1);
        return;
      }
    }
    throw new Error(`No se pudieron guardar las captaciones sin conexión de ${user.id}`);
  }

  /** Only the marks still inside the window, the newest first kept. */
  private prune(recientes: Record<string, string>): Record<string, string> {
    const since = this.now() - this.opts.recentDays * DAY_MS;
    const kept = Object.entries(recientes)
      .filter(([, at]) => Date.parse(at) >= since)
      .sort((a, b) => (a[1] < b[1] ? 1 : -1))
      .slice(0, MAX_RECENT);
    return Object.fromEntries(kept);
  }

  private current(user: AuthUser): Promise<Computed> {
    const key = `${user.id}\u0000${user.role}`;
    const hit = this.computed.get(key);
    const version = this.versions.get(user.id) ?? 0;
    const changeCount = this.opts.directory.progress().changeCount;
    const next = (async () => {
      const before = hit ? await hit.catch(() => null) : null;
      const marksFresh = !!before && before.version === version && this.now() - before.marksAt < FRESH_MS;
      if (before && marksFresh && before.changeCount === changeCount) return before;
      // The directory moved (anyone's write): the same marks, the set worked out again in memory.
      return this.compute(user, version, changeCount, marksFresh && before ? before : null);
    })();
    this.computed.delete(key);
    this.computed.set(key, next);
    if (this.computed.size > MAX_PEOPLE) this.computed.delete(this.computed.keys().next().value as string);
    next.catch(() => this.computed.get(key) === next && this.computed.delete(key));
    return next;
  }

  private async compute(user: AuthUser, version: number, changeCount: number, before: Computed | null): Promise<Computed> {
    const at = this.now();
    const { directory } = this.opts;
    const m = before ? before.marks : await this.read(user.id);
    const marksAt = before ? before.marksAt : at;
    const since = at - this.opts.recentDays * DAY_MS;
    const asesoradas = new Set(directory.ids({ asesor: user.id }, false));
    const ids = new Set(asesoradas);
    const marked = [...m.fijadas, ...Object.entries(m.recientes).flatMap(([id, when]) => (Date.parse(when) >= since ? [id] : []))];
    for (const id of marked) {
      const entry = directory.entry(id);
      if (entry && canSeeCaptacion(user, entry.asesor)) ids.add(id);
    }
    return { changeCount, version, marksAt, marks: m, ids, fijadas: new Set(m.fijadas), asesoradas };
  }
}
