/** Texts of the list kit, shared by every list screen. */
export const BTN_ANTERIOR = 'Anterior';
export const BTN_SIGUIENTE = 'Siguiente';
export const PAGINACION = 'Paginación';
export const pageLabel = (page: number): string => `Página ${page}`;
export const ACCIONES = 'Acciones';
export const ELIMINAR = 'Eliminar';
export const CANCELAR = 'Cancelar';
/** Loads a list again after its load failed. */
export const REINTENTAR = 'Reintentar';
/** The button every list has that saves the rows shown (spec 000 section 9). */
export const EXPORTAR_CSV = 'Exportar CSV';
/** A row's (or a record's) PDF. */
export const DESCARGAR_PDF = 'Descargar PDF';
