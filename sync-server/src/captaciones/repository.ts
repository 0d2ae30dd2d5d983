/** Store access for captaciones: pages from the Mango indexes, counts and search from the directory. */
import {
  CAPTACIONES_ASESOR_FECHA_DESC,
  CAPTACIONES_BY_ASESOR_FECHA,
  CAPTACIONES_BY_FECHA,
  CAPTACIONES_FECHA_DESC,
  captacionesDeAsesorSelector,
  captacionesSelector as todasSelector,
  type MangoSort,
} from '../../../couch-design/design-docs/index';
import type { UserNameParts } from '../../../couch-design/captacion';
import { isNotFound, type Store, type StoreDb, type StoreDoc, type WriteResult } from '../store/port';
import { CaptacionesDirectory, type DirectoryFilter } from './directory';

export interface PageRequest {
  asesor?: string;
  descending: boolean;
  skip: number;
  limit: number;
}

const ascending = (sort: MangoSort): MangoSort =>
  sort.map((s) => (typeof s === 'string' ? { [s]: 'asc' as const } : Object.fromEntries(Object.keys(s).map((k) => [k, 'asc' as const]))));

export class CaptacionesRepository {
  readonly directory: CaptacionesDirectory;

  private constructor(
    private readonly db: StoreDb,
    private readonly usuarios: StoreDb,
  ) {
    this.directory = new CaptacionesDirectory(db);
  }

  static async open(store: Store): Promise<CaptacionesRepository> {
    const [db, usuarios] = await Promise.all([store.db('captaciones'), store.db('usuarios')]);
    return new CaptacionesRepository(db, usuarios);
  }

  /** The current captación, or null when missing, deleted or not a captación. */
  async get(id: string): Promise<StoreDoc | null> {
    try {
      const doc = await this.db.get(id);
      return doc.type === 'captacion' && !doc._deleted ? doc : null;
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  /**
   * One page straight from the index sorted by `captacion.fecha` (limit/skip on the index, no
   * document read beyond the page): `type, fecha` for everyone, `asesor, fecha` for one adviser.
   */
  async page(req: PageRequest): Promise<StoreDoc[]> {
    const index = req.asesor === undefined ? CAPTACIONES_BY_FECHA : CAPTACIONES_BY_ASESOR_FECHA;
    const selector = req.asesor === undefined ? todasSelector() : captacionesDeAsesorSelector(req.asesor);
    const desc = req.asesor === undefined ? CAPTACIONES_FECHA_DESC : CAPTACIONES_ASESOR_FECHA_DESC;
    const { docs } = await this.db.find({
      selector,
      sort: req.descending ? desc : ascending(desc),
      limit: req.limit,
      skip: req.skip,
      use_index: [index.ddoc, index.name],
    });
    return docs;
  }

  async count(filter: DirectoryFilter): Promise<number> {
    await this.directory.refresh();
    return this.directory.count(filter);
  }

  /** One page of ids from the directory (searches, deep pages) and the matching total. */
  async window(filter: DirectoryFilter, descending: boolean, skip: number, limit: number): Promise<{ ids: string[]; total: number }> {
    await this.directory.refresh();
    return this.directory.window(filter, descending, skip, limit);
  }

  /** Current revisions of these ids in one call, in the same order; missing or deleted ones left out. */
  async getMany(ids: string[]): Promise<StoreDoc[]> {
    if (ids.length === 0) return [];
    const { results } = await this.db.bulkGet(ids.map((id) => ({ id })));
    const out: StoreDoc[] = [];
    for (const r of results) {
      const entry = r.docs[0];
      if (entry && 'ok' in entry && !entry.ok._deleted && entry.ok.type === 'captacion') out.push(entry.ok);
    }
    return out;
  }

  put(doc: StoreDoc): Promise<WriteResult> {
    return this.db.put(doc);
  }

  /** Users by id in one call (list pages resolve every adviser at once); unknown ids are absent. */
  async users(ids: string[]): Promise<Map<string, UserNameParts>> {
    const unique = [...new Set(ids.filter((id) => id !== ''))];
    const out = new Map<string, UserNameParts>();
    if (unique.length === 0) return out;
    const { results } = await this.usuarios.bulkGet(unique.map((id) => ({ id })));
    for (const r of results) {
      const entry = r.docs[0];
      if (!entry || !('ok' in entry) || entry.ok._deleted || entry.ok.type !== 'usuario') continue;
      const u = entry.ok;
      // Only the name parts leave this function: never the hash or anything else of the account.
      out.set(r.id, {
        _id: u._id,
        prim_nom: typeof u.prim_nom === 'string' ? u.prim_nom : undefined,
        segun_nom: typeof u.segun_nom === 'string' ? u.segun_nom : undefined,
        apell_pa: typeof u.apell_pa === 'string' ? u.apell_pa : undefined,
        apell_ma: typeof u.apell_ma === 'string' ? u.apell_ma : undefined,
        email: typeof u.email === 'string' ? u.email : undefined,
      });
    }
    return out;
  }

  async userExists(id: string): Promise<boolean> {
    return (await this.users([id])).has(id);
  }
}
