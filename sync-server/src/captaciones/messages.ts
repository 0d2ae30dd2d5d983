/** The Spanish texts of the captaciones REST endpoints; refusals of writes come from the write policy. */
import { CAPTACION_DONE, CAPTACION_NOT_FOUND } from '../../../couch-design/captacion/messages';

export const MSG = {
  notFound: CAPTACION_NOT_FOUND,
  badId: 'Identificador no válido.',
  badPage: 'El número de página no es válido.',
  badLimit: 'El límite por página no es válido: use un número entero entre 1 y 100.',
  badSort: 'El orden solicitado no es válido: use -captacion.fecha o captacion.fecha.',
  badSupervisor: 'El identificador del asesor no es válido.',
  badSearch: 'La búsqueda no es válida: use a lo sumo 100 caracteres.',
  badBody: 'El cuerpo de la petición debe ser un objeto JSON.',
  staleRev: 'La captación fue modificada por otra persona. Recargue la página para ver los cambios más recientes.',
  ...CAPTACION_DONE,
} as const;
