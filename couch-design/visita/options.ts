/** How a showing ended, as the form offers it and the list and the PDF show it. */
export const RESULTADOS_VISITA = ['Interesado', 'No interesado', 'Oferta'] as const;
export type ResultadoVisita = (typeof RESULTADOS_VISITA)[number];
