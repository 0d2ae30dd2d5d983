/**
 * The user selected on the list, kept in the tab's session storage (spec 000 section 4) so the
 * detail screen shows it at once, before (or without) asking the gateway again.
 */
import type { UsuarioPublico } from '../../../../../couch-design/usuario';
import { browserStorage } from '../../../lib/browser-storage';

const KEY = 'usuarios.seleccionado';

const storage = (): Storage | null => browserStorage('session');

export function rememberUsuario(user: UsuarioPublico): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(user));
  } catch {
    // quota or disabled storage: the detail screen loads from the gateway
  }
}

export function forgetUsuario(): void {
  storage()?.removeItem(KEY);
}

/** The stored user when it is the one asked for. */
export function recallUsuario(id: string): UsuarioPublico | null {
  const raw = storage()?.getItem(KEY);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as UsuarioPublico | null;
    return user && typeof user === 'object' && user._id === id ? user : null;
  } catch {
    return null;
  }
}
