/** Spanish texts of the sync state (DESIGN section 5); the e2e tests look for these. */

import { TIME_24H } from '../../../../couch-design/format';

export const TEXT_OFFLINE = 'Sin conexión';
export const TEXT_SYNCING = 'Sincronizando';
export const TEXT_UP_TO_DATE = 'Al día';
export const TEXT_ERROR = 'Error de sincronización';
export const TEXT_EXPIRED = 'Sesión expirada: inicie sesión de nuevo para sincronizar.';
export const TEXT_SYNC_NOW = 'Sincronizar ahora';
export const TEXT_NEVER_SYNCED = 'Aún no se ha sincronizado en este dispositivo.';
export const TEXT_PENDING_BEFORE_WIPE = 'No se pudieron enviar los cambios pendientes; se reintentará.';
export const TEXT_SIGN_OUT_CONFIRM = 'Cerrar sesión';
export const TEXT_SIGN_OUT_CANCEL = 'Cancelar';

export function pendingText(n: number): string {
  return n === 1 ? '1 cambio pendiente' : `${n} cambios pendientes`;
}

export function rejectedText(n: number): string {
  return n === 1
    ? 'El servidor rechazó 1 cambio; se conserva en este dispositivo.'
    : `El servidor rechazó ${n} cambios; se conservan en este dispositivo.`;
}

export function signOutQuestion(n: number): string {
  const what = n === 1 ? 'Tiene 1 cambio sin sincronizar.' : `Tiene ${n} cambios sin sincronizar.`;
  return `${what} Si cierra sesión ahora se perderán en este dispositivo. ¿Desea cerrar sesión de todos modos?`;
}

const timeFmt = new Intl.DateTimeFormat('es-MX', TIME_24H);
const dateFmt = new Intl.DateTimeFormat('es-MX', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** 'Última sincronización: 14:05' today, with the date before that (device time zone). */
export function lastSyncText(at: number | null, now: number = Date.now()): string {
  if (at === null) return TEXT_NEVER_SYNCED;
  const when = new Date(at);
  const today = new Date(now).toDateString() === when.toDateString();
  const text = today ? timeFmt.format(when) : `${dateFmt.format(when)} ${timeFmt.format(when)}`;
  return `Última sincronización: ${text}`;
}
