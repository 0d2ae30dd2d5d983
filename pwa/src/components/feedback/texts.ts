/** Texts of the feedback kit, shared by every screen. */
export const CARGANDO = 'Cargando...';
export const CERRAR_AVISO = 'Cerrar aviso';
/** An empty value on a read-only screen (spec 001 section 2.6). */
export const VACIO_VALOR = '-';
export const SI = 'Sí';
export const NO = 'No';
