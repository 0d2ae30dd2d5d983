import { fullName } from '../../../couch-design/helpers/names';
import type { Empleado } from '../../../couch-design/empleado';
import type { Usuario } from '../../../couch-design/usuario';
import type { Actors, AuthUser } from '../http/actor';
import { FollowedCache } from '../store/followed-cache';
import type { Follower } from '../store/follower';

/** What sessions read of accounts and employees (the app's repositories provide them). */
export interface SessionSources {
  usuarios: { get(id: string): Promise<Usuario | null> };
  empleados: { findByUserId(userId: string): Promise<Empleado | null> };
}

/** The feeds of the two databases a person is read from. */
export interface PeopleFeeds {
  usuarios: Follower;
  empleados: Follower;
}

/**
 * The people behind sessions, kept in memory while the accounts' and employees' feeds are
 * followed: every request resolves its person, and a deletion, a role change or an unlink made
 * through any gateway reaches every gateway's memory by the feed. An employee change may move a
 * link (its `userId`) away from a person the new revision no longer names, so any employee change
 * forgets everybody: such changes are few and admin-made.
 */
export class SessionUsers implements Actors {
  private readonly cache: FollowedCache<AuthUser | null>;
  private readonly changed = new Set<(userId: string | null) => void>();

  constructor(
    private readonly sources: SessionSources,
    feeds: PeopleFeeds,
  ) {
    this.cache = new FollowedCache(feeds.usuarios);
    feeds.empleados.onChange(() => this.cache.clear());
    feeds.empleados.onDown(() => this.cache.clear());
    this.cache.onForget((id) => this.changed.forEach((l) => l(id)));
  }

  resolve(userId: string): Promise<AuthUser | null> {
    return this.cache.get(userId, (id) => this.load(id));
  }

  invalidate(userId: string): void {
    this.cache.forget(userId);
  }

  onChange(listener: (userId: string | null) => void): () => void {
    this.changed.add(listener);
    return () => this.changed.delete(listener);
  }

  private async load(userId: string): Promise<AuthUser | null> {
    const doc = await this.sources.usuarios.get(userId);
    if (!doc) return null;
    // The link may live on the user (empleado_id) or on the employee (userId): both count.
    const empleadoId = doc.empleado_id || (await this.sources.empleados.findByUserId(doc._id))?._id || null;
    const epoch = Number(doc.scope_epoch);
    return {
      id: doc._id, role: doc.role ?? 'user', empleado_id: empleadoId, email: doc.email, nombre: fullName(doc) || doc.email,
      scopeEpoch: Number.isFinite(epoch) && epoch >= 0 ? epoch : 0,
    };
  }
}
