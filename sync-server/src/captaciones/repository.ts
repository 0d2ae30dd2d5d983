/**
 * Store access for captaciones: one record, many, and writes through the typed document repository
 * (absent when missing, deleted or of another type; conflicts let through as 409); list pages,
 * counts and search from the directory, which a keeper follows and snapshots while the gateway runs.
 * Every write through this repository enters the directory at once (read-your-writes, directory.ts).
 */
import type { UserNameParts } from '../../../couch-design/captacion';
import { CAPTACION } from '../../../couch-design/captacion/entity';
import type { Usuario } from '../../../couch-design/usuario';
import type { RecordsById } from '../policy/facts';
import { DocRepository } from '../store/doc-repository';
import type { Store, StoreDb, StoreDoc } from '../store/port';
import { CaptacionesDirectory, type DirectoryFilter, type DirectoryOptions, type RevisionRef } from './directory';
import { DirectoryKeeper, type KeeperOptions } from './directory-keeper';

/**
 * How long a list waits for the directory to catch up before answering from what it holds. The
 * keeper follows the feed within milliseconds and this gateway's own writes are in the directory
 * already (read-your-writes, directory.ts), so the catch-up only hurries what others wrote a
 * moment ago; on a busy CouchDB it took a second or more, and the list waited for all of it.
 */
const LIST_WAITS_FOR_FEED_MS = 200;

async function caughtUpOrTimedOut(refresh: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), LIST_WAITS_FOR_FEED_MS)));
  try {
    const first = await Promise.race([refresh, timedOut]);
    // Answered late: a failure of the catch-up still under way is the keeper's to report.
    if (first === 'late') refresh.catch(() => undefined);
  } finally {
    clearTimeout(timer);
  }
}

/** A stored captación as the repository hands it over: any stored shape, typed `captacion`. */
export type StoredCaptacion = StoreDoc & { type: 'captacion' };

export class CaptacionesRepository extends DocRepository<StoredCaptacion> {
  readonly directory: CaptacionesDirectory;
  private readonly keeper: DirectoryKeeper;

  constructor(
    db: StoreDb,
    private readonly usuarios: RecordsById<Usuario>,
    keeping: KeeperOptions = {},
    watching: DirectoryOptions = {},
  ) {
    super(db, 'captacion');
    this.directory = new CaptacionesDirectory(db, watching);
    this.keeper = new DirectoryKeeper(db, this.directory, keeping);
  }

  static async open(store: Store, usuarios: RecordsById<Usuario>, keeping?: KeeperOptions, watching?: DirectoryOptions): Promise<CaptacionesRepository> {
    return new CaptacionesRepository(await store.db(CAPTACION.database), usuarios, keeping, watching);
  }

  /** Writes like DocRepository, and shows the stored revision in the list at once. */
  override async put(doc: StoredCaptacion): Promise<StoredCaptacion> {
    const saved = await super.put(doc);
    this.directory.applyOwnWrites([saved]);
    return saved;
  }

  /**
   * Starts following the database in the background (from the last snapshot), so the first list
   * after a start or a bulk import does not wait for the directory. Until `close`.
   */
  follow(): void {
    this.keeper.start();
  }

  close(): void {
    this.keeper.stop();
  }

  /**
   * One page of ids in list order (newest first when `descending`) and how many match in all;
   * `written`: revisions the asker wrote recently (perhaps through another gateway), shown in it.
   */
  async window(
    filter: DirectoryFilter,
    descending: boolean,
    skip: number,
    limit: number,
    written: readonly RevisionRef[] = [],
  ): Promise<{ ids: string[]; total: number }> {
    // A directory that never caught up (just started) has nothing to answer from: wait for it.
    await (this.directory.caughtUpOnce ? caughtUpOrTimedOut(this.directory.refresh()) : this.directory.refresh());
    await this.directory.confirm(written);
    return this.directory.window(filter, descending, skip, limit);
  }

  /**
   * The captaciones of a list page, in the order given: from the bodies kept at the revisions the
   * directory lists (no store call for a page seen before), the others read together and kept.
   */
  async listed(ids: readonly string[]): Promise<StoredCaptacion[]> {
    const found = new Map<string, StoredCaptacion>();
    const missing: string[] = [];
    for (const id of ids) {
      const doc = this.directory.listedBody(id);
      if (doc) found.set(id, doc as StoredCaptacion);
      else missing.push(id);
    }
    if (missing.length) {
      const read = await this.getMany(missing);
      this.directory.keepListed(read);
      for (const doc of read) found.set(doc._id, doc);
    }
    return ids.flatMap((id) => found.get(id) ?? []);
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
