/** Texts of the photo kit. */
export { FOTO_MSG } from '../../../../couch-design/foto';
export const BTN_ELEGIR = 'Seleccionar imagen';
export const BTN_CAMBIAR = 'Cambiar imagen';
/** Spec 000 section 2: the link under the preview that drops the chosen photo. */
export const BTN_QUITAR = 'Eliminar';
export const CAMBIAR_FOTO = 'Cambiar foto de perfil';
export const VISTA_PREVIA = 'Vista previa de la foto';
export const FOTO_ACTUAL = 'Foto actual';
/** A photo that could not be stored (spec 000 section 8), with the server's reason when it gave one. */
export const ERROR_SUBIR_FOTO = 'Error al subir la foto';
export const errorSubirFoto = (message: string): string => `${ERROR_SUBIR_FOTO}: ${message}`;
