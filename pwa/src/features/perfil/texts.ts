/** Spanish texts of the own profile (specification 000 sections 2 and 8), word for word; ours say so. */
import { PERSONA_LABEL } from '../../../../couch-design/persona';
import { CORREO_ELECTRONICO, NOMBRE_COMPLETO } from '../../components/form/texts';
import { SCREEN_TITLE } from '../../lib/titles';

// Texts other screens say too, written once where they are shared.
export { SECCION_PERSONAL as CARD_PERSONAL, BTN_CAMBIAR_PASSWORD as TITLE_PASSWORD } from '../../components/form/texts';
export { NO_ESPECIFICADO } from '../../../../couch-design/captacion/rules';
export { ERROR_CARGAR_USUARIO as ERROR_INFO } from '../../lib/resources/texts';
export { ERROR_SUBIR_FOTO, errorSubirFoto } from '../../components/photo/texts';
export const TITLE = SCREEN_TITLE.profile;
export const TAB_PERFIL = 'Perfil';
export const TAB_NOMINAS = 'Nóminas';
export const CARD_DIRECCION = 'Dirección';
export const NO_DISPONIBLE = 'No disponible';

export const ERROR_CARGAR = 'Error al cargar datos del usuario: ';
export const SIN_INFO = 'No se encontró información del usuario';

export const CAMPO = {
  nombre: NOMBRE_COMPLETO,
  correo: CORREO_ELECTRONICO,
  telefono: PERSONA_LABEL.telefono,
  nacimiento: PERSONA_LABEL.fecha_na,
  calle: PERSONA_LABEL.calle,
  exterior: PERSONA_LABEL.nun_ex,
  interior: PERSONA_LABEL.num_in,
  codigo: PERSONA_LABEL.codigo,
} as const;

/** Ours: offline, the profile shows the person this device remembers. */
export const DATOS_GUARDADOS = 'Sin conexión: se muestran los datos guardados en este dispositivo.';
/** Ours (issue 9 item 5). */
export const PASSWORD_AYUDA = 'Escriba su contraseña actual y la nueva. Las demás sesiones abiertas con su cuenta se cerrarán.';
export const BTN_EDITAR = 'Editar perfil';
export { FOTO_ACTUALIZADA } from '../../../../couch-design/usuario/answers';
