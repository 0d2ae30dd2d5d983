/**
 * A person's devices: their open sessions, each with its last contact and last successful sync
 * (issue 31 item 4, issue 32 item 4; docs/architecture.md «Dispositivos»). The gateway answers
 * them and the PWA draws them; neither side ever sees another session's id: a device is named by
 * an opaque id derived from its session (a hash), which is all `POST /api/dispositivos/borrar`
 * takes. Plain data and texts, without Yup (the schema is in dispositivo-schema.ts).
 */

/** The signed-in person's devices (`GET`), and erasing one of them (`POST …/borrar`). */
export const DISPOSITIVOS_PATH = '/api/dispositivos';
export const BORRAR_DISPOSITIVO_PATH = `${DISPOSITIVOS_PATH}/borrar`;
/** An admin's view of one person's devices (`GET`), and ending them all (`POST …/cerrar`). */
export const dispositivosDeUsuarioPath = (userId: string): string => `/api/users/${encodeURIComponent(userId)}/dispositivos`;
export const cerrarDispositivosPath = (userId: string): string => `${dispositivosDeUsuarioPath(userId)}/cerrar`;

/** An opaque device id: 32 lowercase hexadecimal characters. */
export const DEVICE_ID_PATTERN = /^[0-9a-f]{32}$/;

export interface Dispositivo {
  /** Opaque: a hash of the session's document, never its id. */
  id: string;
  /** The browser and system, from the User-Agent ('Chrome en Android'). */
  etiqueta: string;
  /** When this session signed in (ISO 8601), null for sessions older than that record. */
  inicio: string | null;
  /** The last request the session made, as the gateway recorded it (at most about a minute behind). */
  ultimo_contacto: string | null;
  /** The last replication request answered OK. */
  ultima_sincronizacion: string | null;
  /**
   * Documents this device pushed and the gateway refused since it signed in. The gateway cannot
   * tell whether the person has since dealt with them on the device (that stays on the device).
   */
  rechazados: number;
  /** The session making this request. */
  actual: boolean;
}

export interface DispositivosAnswer {
  success: true;
  dispositivos: Dispositivo[];
}

export const DISPOSITIVO_MSG = {
  idObligatorio: 'Indique el dispositivo.',
  idInvalido: 'El dispositivo indicado no es válido.',
  noEncontrado: 'No se encontró ese dispositivo entre sus sesiones abiertas.',
  borrado: 'Se borrarán los datos de ese dispositivo en cuanto vuelva a conectarse.',
  cerradas: (n: number): string =>
    n === 0 ? 'No había sesiones abiertas que cerrar.'
    : n === 1 ? 'Se cerró 1 sesión; ese dispositivo borrará sus datos en cuanto vuelva a conectarse.' : `Se cerraron ${n} sesiones; esos dispositivos borrarán sus datos en cuanto vuelvan a conectarse.`,
  soloAdmins: 'Solo un administrador puede ver o cerrar las sesiones de otra persona.',
  usuarioNoEncontrado: 'Usuario no encontrado.',
} as const;
