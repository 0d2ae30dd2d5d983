/** The `fotos` database as the REST routes of property photos read and write it. */
import { FOTO, FOTOS_BY_CAPTACION } from '../../../couch-design/fotos/entity';
import { FOTO_TYPE, MAX_FOTOS_POR_CAPTACION } from '../../../couch-design/fotos/types';
import { isNotFound, type Store, type StoreDb, type StoreDoc } from '../store/port';

export class FotosRepository {
  private constructor(private readonly db: StoreDb) {}

  static async open(store: Store): Promise<FotosRepository> {
    return new FotosRepository(await store.db(FOTO.database));
  }

  /** The live `foto` documents of a captación (attachment stubs only), in gallery order. */
  async ofCaptacion(captacionId: string): Promise<StoreDoc[]> {
    const { docs } = await this.db.find({
      selector: { captacion_id: captacionId },
      use_index: [FOTOS_BY_CAPTACION.ddoc, FOTOS_BY_CAPTACION.name],
      limit: MAX_FOTOS_POR_CAPTACION * 4,
    });
    return docs.filter((d) => d.type === FOTO_TYPE).sort((a, b) => Number(a.orden) - Number(b.orden) || a._id.localeCompare(b._id));
  }

  /** The current revision, or null when missing or deleted. */
  async get(id: string): Promise<StoreDoc | null> {
    try {
      return await this.db.get(id);
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async attachment(id: string, name: string): Promise<Buffer | null> {
    try {
      return (await this.db.getAttachment(id, name)).data;
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  /** Writes in order; the results say which failed (a conflict). */
  async write(docs: StoreDoc[]): Promise<Array<{ id: string; rev?: string; error?: string }>> {
    return this.db.bulkDocs(docs);
  }
}
