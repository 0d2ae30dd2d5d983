/** Texts of the list kit, shared by every list screen. */
export const BTN_ANTERIOR = 'Anterior';
export const BTN_SIGUIENTE = 'Siguiente';
export const PAGINACION = 'Paginación';
export const pageLabel = (page: number): string => `Página ${page}`;
export const ACCIONES = 'Acciones';
export const ELIMINAR = 'Eliminar';
export const CANCELAR = 'Cancelar';
