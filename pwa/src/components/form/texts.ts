/** Texts of the form kit, shared by every form (spec 001 sections 2.3, 2.4, 8). */
import { USUARIO_DONE } from '../../../../couch-design/usuario/answers';

export const GUARDANDO = 'Guardando...';
export const REQUIRED_NOTE = 'Los campos marcados con * son obligatorios.';
export const BTN_CANCELAR = 'Cancelar';
export const SELECCIONE = 'Seleccione...';

export const BORRADOR_RECUPERADO = 'Se recuperó un borrador sin guardar.';
/** Not in the specification: tells the person the half-filled form is safe on the device. */
export const BORRADOR_GUARDADO = 'Borrador guardado en este dispositivo';

export const SALIR_SI = 'Salir';
export const DESCARTAR_SI = 'Descartar cambios';
export const SEGUIR_EDITANDO = 'Seguir editando';
export const BTN_ELIMINAR = 'Eliminar';

/** The password form (issue 9 item 5; not in the specification). */
export const PASSWORD_ACTUAL = 'Contraseña actual';
export const PASSWORD_NUEVA = 'Nueva contraseña';
export const PASSWORD_CONFIRMAR = 'Confirmar nueva contraseña';
export const CONTRASENAS_DISTINTAS = 'Las contraseñas no coinciden';
export const BTN_CAMBIAR_PASSWORD = 'Cambiar contraseña';
export const PASSWORD_ACTUALIZADA = USUARIO_DONE.passwordActualizada;
/** A saved form's success text when the screen goes on to another one. */
export const redirigiendo = (done: string): string => `${done} Redirigiendo...`;
export const ERROR_PASSWORD = 'No se pudo cambiar la contraseña';

/** The save button of every edit form. */
export const BTN_GUARDAR_CAMBIOS = 'Guardar Cambios';
/** The sections of a person's data (users, employees, the own profile). */
export const SECCION_PERSONAL = 'Información Personal';
export const SECCION_LABORAL = 'Información Laboral';
export const NOMBRE_COMPLETO = 'Nombre completo';
export const CORREO_ELECTRONICO = 'Correo electrónico';
