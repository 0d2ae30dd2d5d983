import type { SessionUser } from '../../../couch-design/roles';
import { fullName } from '../../../couch-design/usuario';
import type { EmpleadosRepository } from '../empleados/repository';
import type { UsuariosRepository } from '../usuarios/repository';

/** What the gateway knows of the person behind a session; read fresh so a role change takes effect at once. */
export interface AuthUser extends SessionUser {
  email: string;
  nombre: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface User extends AuthUser {}
  }
}

/** Replication polls hit the gateway every few seconds; a short cache spares two reads per request. */
const CACHE_MS = 2000;

export class SessionUsers {
  private cache = new Map<string, { at: number; user: AuthUser | null }>();

  constructor(private readonly usuarios: UsuariosRepository, private readonly empleados: EmpleadosRepository) {}

  async resolve(userId: string): Promise<AuthUser | null> {
    const hit = this.cache.get(userId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.user;
    const user = await this.load(userId);
    this.cache.set(userId, { at: Date.now(), user });
    if (this.cache.size > 10_000) this.cache.clear();
    return user;
  }

  /** Forget a cached person after their account changed (role, link). */
  invalidate(userId: string): void {
    this.cache.delete(userId);
  }

  private async load(userId: string): Promise<AuthUser | null> {
    const doc = await this.usuarios.getById(userId);
    if (!doc) return null;
    // The link may live on the user (empleado_id) or on the employee (userId): both count.
    const empleadoId = doc.empleado_id || (await this.empleados.findByUserId(doc._id))?._id || null;
    return { id: doc._id, role: doc.role ?? 'user', empleado_id: empleadoId, email: doc.email, nombre: fullName(doc) || doc.email };
  }
}
