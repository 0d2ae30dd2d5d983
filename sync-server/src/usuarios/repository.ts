/** Store access for user accounts (`usuarios` database). */
import { isAdmin } from '../../../couch-design/roles';
import type { Usuario } from '../../../couch-design/usuario';
import { normalizeEmail } from '../../../couch-design/usuario';
import { USUARIO } from '../../../couch-design/usuario/entity';
import { DocRepository } from '../store/doc-repository';
import type { Store, StoreDb } from '../store/port';

export class UsuariosRepository extends DocRepository<Usuario> {
  private constructor(db: StoreDb) {
    super(db, 'usuario');
  }

  static async open(store: Store): Promise<UsuariosRepository> {
    return new UsuariosRepository(await store.db(USUARIO.database));
  }

  /** E-mails are stored lower-case, so this finds an account whatever case was typed. */
  async findByEmail(email: string): Promise<Usuario | null> {
    return (await this.find({ email: normalizeEmail(email) }, { limit: 1 }))[0] ?? null;
  }

  /** Every account holding this e-mail (more than one only while two sign-ups race). */
  async allByEmail(email: string): Promise<Usuario[]> {
    return this.find({ email: normalizeEmail(email) }, { limit: 10 });
  }

  getById(id: string): Promise<Usuario | null> {
    return this.get(id);
  }

  async hasAnyUser(): Promise<boolean> {
    return (await this.find({}, { limit: 1, fields: ['_id'] })).length > 0;
  }

  /** Ids of every account whose role is an administrator's (docs/architecture.md section 6). */
  async adminIds(): Promise<string[]> {
    const all = await this.all({}, ['role']);
    return all.filter((u) => isAdmin(u.role)).map((u) => u._id).sort();
  }

  async create(user: Usuario): Promise<Usuario> {
    return this.put({ ...user, email: normalizeEmail(user.email) });
  }
}
