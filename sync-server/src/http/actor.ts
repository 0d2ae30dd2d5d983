/**
 * Who is acting: the signed-in person as every route, service and the replication endpoint see
 * them. Kept in http/ so features and auth share it without importing each other.
 */
import type { Request } from 'express';
import type { SessionUser } from '../../../couch-design/roles';

/** What the gateway knows of the person behind a session; read fresh so a role change takes effect at once. */
export interface AuthUser extends SessionUser {
  email: string;
  nombre: string;
  /** The account's `scope_epoch` (sync/scope-epoch.ts) when it was read; absent means read it. */
  scopeEpoch?: number;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface User extends AuthUser {}
  }
}

/** The people behind sessions, read through a cache that follows the store (auth/session-user.ts implements it). */
export interface Actors {
  resolve(userId: string): Promise<AuthUser | null>;
  /** Forget a cached person after their account changed (role, link, scope). */
  invalidate(userId: string): void;
  /** Called when a person may have changed (null: anyone may have); answers the unsubscribe. */
  onChange(listener: (userId: string | null) => void): () => void;
}

/** The signed-in person of a request that passed `requireAuth`. */
export const actorOf = (req: Request): AuthUser => req.user as AuthUser;
