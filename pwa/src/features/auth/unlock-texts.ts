/** The 'Desbloquear' screen's words (UnlockPage.tsx). */
import { MAX_TRIES } from '../../lib/vault/vault';

export const UNLOCK_TITLE = 'Desbloquear';
export const UNLOCK_INTRO = 'Tus datos en este dispositivo están cifrados. Escribe tu contraseña para abrirlos; funciona también sin conexión.';
export const UNLOCK_SUBMIT = 'Desbloquear';
export const UNLOCK_EMPTY = 'Escribe tu contraseña.';
export const UNLOCK_OTHER_ACCOUNT = 'Iniciar sesión con otra cuenta';
export const LAST_TRY_WARNING = `Te queda un intento. Si la contraseña vuelve a ser incorrecta, se borrarán los datos de este dispositivo y se perderán los cambios que aún no se hayan enviado al servidor.`;

export function wrongText(left: number): string {
  return `Contraseña incorrecta. ${left === 1 ? 'Queda 1 intento' : `Quedan ${left} intentos`} de ${MAX_TRIES} antes de borrar los datos de este dispositivo.`;
}

/** The wait as minutes and seconds, e.g. «Espera 0:30». */
export function waitText(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const m = Math.floor(total / 60);
  const s = String(total % 60).padStart(2, '0');
  return `Demasiadas contraseñas equivocadas. Espera ${m}:${s} para volver a intentarlo.`;
}

/** Past the operator's grace period without reaching the gateway (lib/vault/offline-limits.ts). */
export function offlineTooLongText(graceDays: number, wipeDays: number): string {
  return `Este dispositivo lleva más de ${graceDays} días sin conectarse al servidor. Por seguridad, tus datos solo se abren al iniciar sesión con conexión a internet. Si llega a ${wipeDays} días sin conexión, se borrarán los datos de este dispositivo y los cambios que aún no se hayan enviado.`;
}
export const OFFLINE_SIGN_IN = 'Iniciar sesión con conexión';
