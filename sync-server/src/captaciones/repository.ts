/**
 * Store access for captaciones: one record, many, and writes through the typed document repository
 * (absent when missing, deleted or of another type; conflicts let through as 409); pages from
 * the Mango indexes; counts and search from the directory.
 */
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
import type { Usuario } from '../../../couch-design/usuario';
import type { RecordsById } from '../policy/facts';
import { DocRepository } from '../store/doc-repository';
import type { Store, StoreDb, StoreDoc } from '../store/port';
import { CaptacionesDirectory, type DirectoryFilter } from './directory';

export interface PageRequest {
  asesor?: string;
  descending: boolean;
  skip: number;
  limit: number;
}

const ascending = (sort: MangoSort): MangoSort =>
  sort.map((s) => (typeof s === 'string' ? { [s]: 'asc' as const } : Object.fromEntries(Object.keys(s).map((k) => [k, 'asc' as const]))));

/** A stored captación as the repository hands it over: any stored shape, typed `captacion`. */
export type StoredCaptacion = StoreDoc & { type: 'captacion' };

export class CaptacionesRepository extends DocRepository<StoredCaptacion> {
  readonly directory: CaptacionesDirectory;

  constructor(
    db: StoreDb,
    private readonly usuarios: RecordsById<Usuario>,
  ) {
    super(db, 'captacion');
    this.directory = new CaptacionesDirectory(db);
  }

  static async open(store: Store, usuarios: RecordsById<Usuario>): Promise<CaptacionesRepository> {
    return new CaptacionesRepository(await store.db('captaciones'), usuarios);
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

  /** Advisers' names by id in one call (list pages resolve every adviser at once); unknown ids are absent. */
  async users(ids: string[]): Promise<Map<string, UserNameParts>> {
    const out = new Map<string, UserNameParts>();
    // Only the name parts leave this function: never the hash or anything else of the account.
    for (const u of await this.usuarios.getMany(ids)) {
      out.set(u._id, { _id: u._id, prim_nom: u.prim_nom, segun_nom: u.segun_nom, apell_pa: u.apell_pa, apell_ma: u.apell_ma, email: u.email });
    }
    return out;
  }
}
