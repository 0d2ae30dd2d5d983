/** Spanish texts of the sync state (docs/architecture.md section 5); the e2e tests look for these. */
import { formatLocalDate, formatLocalTime } from '../../../../couch-design/format';

export const TEXT_OFFLINE = 'Sin conexión';
export const TEXT_SYNCING = 'Sincronizando';
export const TEXT_UP_TO_DATE = 'Al día';
export const TEXT_ERROR = 'Error de sincronización';
export const TEXT_EXPIRED = 'Sesión expirada: inicie sesión de nuevo para sincronizar.';
export const TEXT_SYNC_NOW = 'Sincronizar ahora';
/** The panel's button when the last sync failed (it runs the same full sync at once). */
export const TEXT_RETRY = 'Reintentar';
/** PouchDB's 'There was a problem getting docs.': the gateway listed revisions it did not hand over. */
export const TEXT_DOCS_NOT_DELIVERED = 'El servidor anunció cambios que luego no entregó.';

/** A failure PouchDB or the browser describes (the panel's reason). */
export function detailText(message: string): string {
  return `Detalle: ${message}`;
}

/** The gateway answered a sync request with an error status. */
export function serverAnswerText(status: number, message: string): string {
  return `El servidor respondió con un error (${status}): ${message}`;
}

/** Under the reason: when the engine tries again by itself. */
export function retryAtText(at: number, now: number = Date.now()): string {
  return `Se reintentará a las ${deviceMoment(at, now)}.`;
}
export const TEXT_NEVER_SYNCED = 'Aún no se ha sincronizado en este dispositivo.';
export const TEXT_PENDING_BEFORE_WIPE = 'No se pudieron enviar los cambios pendientes; se reintentará.';
export const TEXT_SIGN_OUT_CONFIRM = 'Cerrar sesión';
export const TEXT_SIGN_OUT_CANCEL = 'Cancelar';

// --- The chip's panel (sync-panel.tsx) ----------------------------------------------------

export const TEXT_WAITING = 'En espera en este dispositivo';
export const TEXT_NOTHING_WAITING = 'Nada en espera: todo está en el servidor.';
/**
 * Records of one database saved here that the server does not have yet, named as their entity's
 * declaration names them ('1 captación por enviar', '2 visitas por enviar'); photos say their
 * size too ('3 fotos por enviar (900 KB)'), which tells how long they take on a field connection.
 */
export function waitingText(names: { one: string; many: string }, n: number, size?: string): string {
  const text = `${n} ${n === 1 ? names.one : names.many} por enviar`;
  return size === undefined ? text : `${text} (${size})`;
}

/** The device's storage (navigator.storage.estimate()). */
/** What the person's data takes on the device beside the operator's budget (issue 34 item 3). */
export function heldText(held: string, budget: string): string {
  return `Guardado en este dispositivo: ${held} de ${budget}.`;
}

export function storageSpaceText(used: string, free: string): string {
  return `Espacio en este dispositivo: ${used} usados, ${free} libres.`;
}

export function pendingText(n: number): string {
  return n === 1 ? '1 cambio pendiente' : `${n} cambios pendientes`;
}

/** In the top bar's state: rejected changes waiting for the person. */
export function rejectedCountText(n: number): string {
  return n === 1 ? '1 cambio rechazado' : `${n} cambios rechazados`;
}

// --- Rejected changes (sync/rejected-dialog.tsx) ---------------------------------------------

export const TEXT_REJECTED_TITLE = 'Cambios rechazados';
export function rejectedButtonText(n: number): string {
  return `${TEXT_REJECTED_TITLE} (${n})`;
}
export const TEXT_REJECTED_INTRO =
  'El servidor no aceptó estos cambios. En este dispositivo el registro quedó como está en el servidor; lo que usted escribió se conserva aquí para que lo lea o lo copie.';
export const TEXT_REJECTED_EMPTY = 'No hay cambios rechazados.';
export const TEXT_REJECTED_REASON = 'Motivo';
export const TEXT_REJECTED_WHEN = 'Fecha';
export const TEXT_REJECTED_CONTENT = 'Lo que escribió';
export const TEXT_REJECTED_COPY = 'Copiar';
export const TEXT_REJECTED_COPIED = 'Copiado';
export const TEXT_REJECTED_COPY_FAILED = 'No se pudo copiar: seleccione el texto y cópielo.';
export const TEXT_REJECTED_DISMISS = 'Descartar';
export const TEXT_REJECTED_CLOSE = 'Cerrar';
export const TEXT_REJECTED_DELETION = 'Eliminación del registro';
/** A rejected record whose `type` no device database declares. */
export const TEXT_REJECTED_OTHER_ENTITY = 'Registro';

export function signOutQuestion(n: number, rejected = 0): string {
  const parts: string[] = [];
  if (n > 0) parts.push(n === 1 ? 'Tiene 1 cambio sin sincronizar.' : `Tiene ${n} cambios sin sincronizar.`);
  if (rejected > 0) parts.push(rejected === 1 ? 'Tiene 1 cambio rechazado por el servidor.' : `Tiene ${rejected} cambios rechazados por el servidor.`);
  return `${parts.join(' ')} Si cierra sesión ahora se perderán en este dispositivo. ¿Desea cerrar sesión de todos modos?`;
}

/** 'Última sincronización: 14:05' today, with the date before that (device time zone). */
export function lastSyncText(at: number | null, now: number = Date.now()): string {
  if (at === null) return TEXT_NEVER_SYNCED;
  return `Última sincronización: ${deviceMoment(at, now)}`;
}

/** '14:05' today, with the date on another day (device time zone). */
function deviceMoment(at: number, now: number): string {
  const when = new Date(at);
  const today = new Date(now).toDateString() === when.toDateString();
  return today ? formatLocalTime(when) : `${formatLocalDate(when)} ${formatLocalTime(when)}`;
}
