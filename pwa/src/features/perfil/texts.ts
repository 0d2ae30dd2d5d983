/** Spanish texts of the own profile (specification 000 sections 2 and 8), word for word; ours say so. */
import { SCREEN_TITLE } from '../../lib/titles';
export const TITLE = SCREEN_TITLE.profile;
export const TAB_PERFIL = 'Perfil';
export const TAB_NOMINAS = 'Nóminas';
export const CARD_PERSONAL = 'Información Personal';
export const CARD_DIRECCION = 'Dirección';
export const NO_ESPECIFICADO = 'No especificado';
export const NO_DISPONIBLE = 'No disponible';

export const ERROR_CARGAR = 'Error al cargar datos del usuario: ';
export const ERROR_INFO = 'No se pudo cargar la información del usuario';
export const SIN_INFO = 'No se encontró información del usuario';
export const errorSubirFoto = (message: string): string => `Error al subir la foto: ${message}`;
export const ERROR_SUBIR_FOTO = 'Error al subir la foto';

export const CAMPO = {
  nombre: 'Nombre completo',
  correo: 'Correo electrónico',
  telefono: 'Teléfono',
  nacimiento: 'Fecha de nacimiento',
  calle: 'Calle',
  exterior: 'Número exterior',
  interior: 'Número interior',
  codigo: 'Código postal',
} as const;

/** Ours: offline, the profile shows the person this device remembers. */
export const DATOS_GUARDADOS = 'Sin conexión: se muestran los datos guardados en este dispositivo.';
/** Ours (issue 9 item 5). */
export const TITLE_PASSWORD = 'Cambiar contraseña';
export const PASSWORD_AYUDA = 'Escriba su contraseña actual y la nueva. Las demás sesiones abiertas con su cuenta se cerrarán.';
export const BTN_EDITAR = 'Editar perfil';
export const FOTO_ACTUALIZADA = 'Foto actualizada correctamente.';
