/**
 * The signed-in user entry kept in localStorage under `user` (spec 001 section 2.2). It lets
 * the shell decide what to show before the server answers, and keeps a field agent signed in
 * while the gateway cannot be reached (docs/architecture.md section 5). Stored clear: only the id,
 * role and employee link (what finds the person's sealed data and draws the frame); the name and
 * e-mail live in this page's memory and, sealed, in the person's vault (lib/vault/vault.ts).
 */
import type { SessionUser } from '../../../couch-design/roles';
import { browserStorage } from './browser-storage';

export interface AuthUser extends SessionUser {
  email: string;
  nombre: string;
}

export const USER_STORAGE_KEY = 'user';

const storage = (): Storage | null => browserStorage('local');

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

/** The whole entry of the person signed in on this page (name and e-mail included). */
let inMemory: AuthUser | null = null;

export function readStoredUser(): AuthUser | null {
  const raw = storage()?.getItem(USER_STORAGE_KEY);
  if (!raw) return inMemory;
  try {
    const stored = toAuthUser(JSON.parse(raw));
    if (stored && inMemory?.id === stored.id) return { ...inMemory, role: stored.role, empleado_id: stored.empleado_id };
    return stored;
  } catch {
    return null;
  }
}

export function writeStoredUser(user: AuthUser): void {
  inMemory = user;
  try {
    storage()?.setItem(USER_STORAGE_KEY, JSON.stringify({ id: user.id, role: user.role, empleado_id: user.empleado_id }));
  } catch {
    // quota or disabled storage: the in-memory session still works
  }
}

export function clearStoredUser(): void {
  inMemory = null;
  storage()?.removeItem(USER_STORAGE_KEY);
}

/** Tab-scoped copies screens keep of REST records (a selected user or employee): gone at a lock or a wipe. */
export function clearTabCopies(): void {
  try {
    if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  } catch {
    // storage disabled: nothing was kept
  }
}
