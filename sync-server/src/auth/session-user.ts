import { fullName } from '../../../couch-design/helpers/names';
import type { Empleado } from '../../../couch-design/empleado';
import type { Usuario } from '../../../couch-design/usuario';
import type { Actors, AuthUser } from '../http/actor';

/** What sessions read of accounts and employees (the app's repositories provide them). */
export interface SessionSources {
  usuarios: { get(id: string): Promise<Usuario | null> };
  empleados: { findByUserId(userId: string): Promise<Empleado | null> };
}

/** Replication polls hit the gateway every few seconds; a short cache spares two reads per request. */
const CACHE_MS = 2000;

export class SessionUsers implements Actors {
  private cache = new Map<string, { at: number; user: AuthUser | null }>();

  constructor(private readonly sources: SessionSources) {}

  async resolve(userId: string): Promise<AuthUser | null> {
    const hit = this.cache.get(userId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.user;
    const user = await this.load(userId);
    this.cache.set(userId, { at: Date.now(), user });
    if (this.cache.size > 10_000) this.cache.clear();
    return user;
  }

  invalidate(userId: string): void {
    this.cache.delete(userId);
  }

  private async load(userId: string): Promise<AuthUser | null> {
    const doc = await this.sources.usuarios.get(userId);
    if (!doc) return null;
    // The link may live on the user (empleado_id) or on the employee (userId): both count.
    const empleadoId = doc.empleado_id || (await this.sources.empleados.findByUserId(doc._id))?._id || null;
    return { id: doc._id, role: doc.role ?? 'user', empleado_id: empleadoId, email: doc.email, nombre: fullName(doc) || doc.email };
  }
}
