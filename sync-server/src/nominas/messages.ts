/**
 * The Spanish texts of the payroll REST endpoints. Refusals of the write policy and the schema
 * messages live in couch-design/nomina; these are what only the HTTP layer says.
 */
import { NOMINA_DONE } from '../../../couch-design/nomina/messages';
import { NOMINA_WRITE_MSG } from '../../../couch-design/nomina/write-policy';

export const MSG = {
  notFound: NOMINA_WRITE_MSG.notFound,
  empleadoNotFound: NOMINA_WRITE_MSG.empleadoNotFound,
  badId: 'Identificador de nómina no válido.',
  badEmpleadoId: 'Identificador de empleado no válido.',
  empleadoDistinto: 'El empleado indicado en el formulario no coincide con el de la dirección.',
  staleRev: 'La nómina fue modificada por otra persona. Recargue la página para ver los cambios más recientes.',
  badLimite: 'El límite no es válido: use un número entero entre 1 y 1000.',
  badDesde: "La fecha 'Desde' no es válida: use dd/mm/aaaa o aaaa-mm-dd.",
  badHasta: "La fecha 'Hasta' no es válida: use dd/mm/aaaa o aaaa-mm-dd.",
  ...NOMINA_DONE,
} as const;
