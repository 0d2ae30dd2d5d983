/** Spanish texts of a person's devices (ours: issue 31 item 4, issue 32 item 4). */
export { DISPOSITIVO_MSG } from '../../../../couch-design/sesion/dispositivos';
export { CANCELAR } from '../../components/list/texts';

export const TITLE_MIS_DISPOSITIVOS = 'Mis dispositivos';
export const AYUDA_MIS_DISPOSITIVOS =
  'Los navegadores y dispositivos con una sesión abierta en su cuenta. Si perdió uno o ya no lo usa, borre sus datos: los borrará en cuanto vuelva a conectarse.';
export const ESTE_DISPOSITIVO = 'Este dispositivo';
export const COLUMNA = {
  dispositivo: 'Dispositivo',
  inicio: 'Inicio de sesión',
  contacto: 'Último contacto',
  sincronizacion: 'Última sincronización',
  rechazados: 'Cambios rechazados',
  acciones: 'Acciones',
} as const;
export const NUNCA = 'Nunca';
export const AYUDA_RECHAZADOS = 'Documentos que este dispositivo envió y el servidor rechazó desde que inició sesión.';
export const SIN_DISPOSITIVOS = 'No hay sesiones abiertas.';
export const CARGANDO_DISPOSITIVOS = 'Cargando dispositivos...';
export const ERROR_CARGAR = 'No se pudieron cargar los dispositivos.';

export const BTN_BORRAR = 'Borrar datos de este dispositivo';
export const CONFIRMAR_BORRAR = 'Borrar datos';
export const PREGUNTA_BORRAR =
  '¿Borrar los datos de este dispositivo? Su sesión se cierra ahora y, en cuanto vuelva a conectarse, borrará lo que guarda de usted: captaciones, fotos, nóminas y borradores. Los cambios que no haya enviado se perderán.';
export const ERROR_BORRAR = 'No se pudieron borrar los datos del dispositivo.';

export const BTN_CERRAR_TODOS = 'Cerrar sesión en todos los dispositivos';
export const CONFIRMAR_CERRAR = 'Cerrar sesiones';
export const PREGUNTA_CERRAR =
  '¿Cerrar la sesión de esta persona en todos sus dispositivos? Cada uno borrará los datos que guarda de ella en cuanto vuelva a conectarse; los cambios que no haya enviado se perderán.';
export const SESIONES_CERRADAS = 'Se cerraron las sesiones; cada dispositivo borrará sus datos en cuanto vuelva a conectarse.';
export const ERROR_CERRAR = 'No se pudieron cerrar las sesiones.';
