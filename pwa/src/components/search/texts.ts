/** The top bar's search (GlobalSearch.tsx). 'Buscar...' is the specification's (001 section 2.2). */
export const SEARCH_PLACEHOLDER = 'Buscar...';
export const SEARCH_LABEL = 'Buscar';
export const SEARCH_OPEN = 'Abrir la búsqueda';
export const SEARCH_CLOSE = 'Cerrar la búsqueda';
export const SEARCH_RESULTS = 'Resultados de la búsqueda';
export const SEARCH_LOADING = 'Buscando...';
export const SEARCH_HINT = 'Escriba al menos 2 letras para buscar.';
export const SEARCH_UNAVAILABLE = 'No se pudo abrir la búsqueda. Inténtelo de nuevo.';
export const SEARCH_HELP = 'Flechas para elegir, Enter para abrir, Escape para cerrar.';
export const searchEmpty = (query: string): string => `Sin resultados para «${query}».`;
export const searchFailed = (group: string): string => `No se pudo buscar en ${group}.`;
export const searchNeedsNetwork = (group: string): string => `${group}: se necesita conexión para buscar.`;
export const searchCount = (n: number): string => (n === 1 ? '1 resultado' : `${n} resultados`);
