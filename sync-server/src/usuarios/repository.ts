import type { Usuario } from '../../../couch-design/usuario';
import { normalizeEmail } from '../../../couch-design/usuario';
import { isNotFound, type Store, type StoreDb } from '../store/port';

export class UsuariosRepository {
  private constructor(private readonly db: StoreDb) {}

  static async open(store: Store): Promise<UsuariosRepository> {
    return new UsuariosRepository(await store.db('usuarios'));
  }

  async findByEmail(email: string): Promise<Usuario | null> {
    const { docs } = await this.db.find({ selector: { email: normalizeEmail(email) }, limit: 1 });
    return (docs[0] as unknown as Usuario) ?? null;
  }

  async getById(id: string): Promise<Usuario | null> {
    try {
      const doc = await this.db.get(id);
      return doc.type === 'usuario' && !doc._deleted ? (doc as unknown as Usuario) : null;
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async hasAnyUser(): Promise<boolean> {
    const { docs } = await this.db.find({ selector: { type: 'usuario' }, fields: ['_id'], limit: 1 });
    return docs.length > 0;
  }

  async create(user: Usuario): Promise<Usuario> {
    const doc = { ...user, email: normalizeEmail(user.email) };
    const res = await this.db.put(doc as unknown as Parameters<StoreDb['put']>[0]);
    return { ...doc, _rev: res.rev };
  }
}
