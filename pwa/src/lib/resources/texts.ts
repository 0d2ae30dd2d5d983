/** What a screen says when a shared resource's record could not be loaded (every feature that reads it says the same). */
export const ERROR_CARGAR_USUARIO = 'No se pudo cargar la información del usuario';
export const ERROR_CARGAR_EMPLEADO = 'No se pudo cargar la información del empleado';
