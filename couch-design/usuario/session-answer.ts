/**
 * The answer to "who is signed in here?" (`GET /api/check-auth`), and where the gateway writes
 * that same answer into the page it sends for a signed-in navigation: the PWA then knows the
 * session before it has fetched anything and can draw the screen's frame at first paint.
 */
import type { SessionUser } from '../roles';

export interface SessionAnswerUser extends SessionUser {
  email: string;
  nombre: string;
}

/** What every sign-in and check tells the device (the operator's settings, docs/operacion.md). */
export interface DeviceSettings {
  /** Minutes without use before the app locks (BLOQUEO_INACTIVIDAD_MIN). */
  bloqueo_min: number;
  /** Days without reaching the gateway after which only an online sign-in opens the data (GRACIA_SIN_CONEXION_DIAS). */
  gracia_dias: number;
  /** Days without reaching the gateway after which the device wipes the person's data at its next start (BORRADO_SIN_CONEXION_DIAS). */
  borrado_dias: number;
  /** Megabytes the person's data may take on the device before the least recently used records leave it (DISPOSITIVO_ESPACIO_MB, issue 34). */
  espacio_mb: number;
}

/**
 * Why a session was ended with a wipe: the person was deleted ('cuenta'), one of their other
 * devices asked to erase this one ('dispositivo', 'Borrar datos de este dispositivo'), or an admin
 * ended every session of theirs ('todos', 'Cerrar sesión en todos los dispositivos').
 */
export type RevocationReason = 'cuenta' | 'dispositivo' | 'todos';

/** What a device holds to when the operator has not said otherwise (docs/operacion.md). */
export const DEFAULT_DEVICE_SETTINGS: DeviceSettings = { bloqueo_min: 15, gracia_dias: 7, borrado_dias: 30, espacio_mb: 200 };

export type SessionAnswer =
  | ({ success: true; authenticated: true; user: SessionAnswerUser; clave_sesion: string } & DeviceSettings)
  | { success: false; authenticated: false; mensaje: string; revocada?: true; motivo?: RevocationReason };

export const NO_SESSION = 'No hay una sesión activa.';
/** The session's person was deleted: the device wipes what it kept of them. */
export const SESSION_REVOKED = 'Esta cuenta ya no tiene acceso: se borran los datos de este dispositivo.';
/** The `mensaje` of a revoked session, by why it was revoked. */
export const SESSION_REVOKED_BY: Record<RevocationReason, string> = {
  cuenta: SESSION_REVOKED,
  dispositivo: 'Se pidió borrar los datos de este dispositivo desde otra sesión de esta cuenta: se borran ahora.',
  todos: 'Un administrador cerró la sesión de esta cuenta en todos los dispositivos: se borran los datos de este dispositivo.',
};

/** The id of the page's `<script type="application/json">` holding the answer. */
export const PAGE_SESSION_ID = 'sesion-inicial';
