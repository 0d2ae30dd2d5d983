/**
 * The employee a list row opened, kept in the tab's session storage (spec 000 section 4: "Viewing
 * an employee profile also keeps the employee's details in session storage, and the profile
 * screen uses a stored copy first"). One entry: the last employee opened.
 */
import type { EmpleadoPublico } from '../../../../../couch-design/empleado';
import { browserStorage } from '../../../lib/browser-storage';

export const STORED_EMPLEADO_KEY = 'empleadoSeleccionado';

const storage = (): Storage | null => browserStorage('session');

export function keepEmpleado(empleado: EmpleadoPublico): void {
  try {
    storage()?.setItem(STORED_EMPLEADO_KEY, JSON.stringify(empleado));
  } catch (err) {
    console.error('No se pudo guardar el empleado en la sesión del navegador.', err);
  }
}

/** The stored copy of employee `id`, or null when the stored one is another (or none). */
export function storedEmpleado(id: string): EmpleadoPublico | null {
  const raw = storage()?.getItem(STORED_EMPLEADO_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<EmpleadoPublico> | null;
    return value && typeof value === 'object' && value.id === id && typeof value.prim_nom === 'string' ? (value as EmpleadoPublico) : null;
  } catch {
    return null;
  }
}

/** A deleted employee's copy must not come back. */
export function forgetEmpleado(id: string): void {
  if (storedEmpleado(id)) storage()?.removeItem(STORED_EMPLEADO_KEY);
}
