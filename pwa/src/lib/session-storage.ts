/**
 * The signed-in user entry kept in localStorage under `user` (spec 001 section 2.2). It lets
 * the shell decide what to show before the server answers, and keeps a field agent signed in
 * while the gateway cannot be reached (DESIGN section 5).
 */
import type { SessionUser } from '../../../couch-design/roles';

export interface AuthUser extends SessionUser {
  email: string;
  nombre: string;
}

export const USER_STORAGE_KEY = 'user';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the app still works online
  }
}

/** Accepts only what the auth answers carry; anything else in storage is ignored. */
export function toAuthUser(value: unknown): AuthUser | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const id = typeof v.id === 'string' ? v.id : typeof v._id === 'string' ? v._id : null;
  if (!id) return null;
  return {
    id,
    role: typeof v.role === 'string' ? v.role : '',
    empleado_id: typeof v.empleado_id === 'string' && v.empleado_id ? v.empleado_id : null,
    email: typeof v.email === 'string' ? v.email : '',
    nombre: typeof v.nombre === 'string' ? v.nombre : '',
  };
}

export function readStoredUser(): AuthUser | null {
  const raw = storage()?.getItem(USER_STORAGE_KEY);
  if (!raw) return null;
  try {
    return toAuthUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeStoredUser(user: AuthUser): void {
  try {
    storage()?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  } catch {
    // quota or disabled storage: the in-memory session still works
  }
}

export function clearStoredUser(): void {
  storage()?.removeItem(USER_STORAGE_KEY);
}
