/** The employee contract: shapes, answers, forms' rules, list rules and texts (specification 000). */
export type { Empleado, EmpleadoPublico, EstadoEmpleado } from './types';
export { ESTADOS_EMPLEADO, DEFAULT_ESTADO_EMPLEADO } from './types';
export { EMPLEADO_MSG } from './messages';
export { PERSONA_MSG } from '../persona';
export { fullName } from '../helpers/names';
export { empleadoCreateSchema, empleadoEditSchema, MAX_SALARIO } from './schema';
export type { EmpleadoCreateInput, EmpleadoEditInput } from './schema';
export { empleadoSearchText, matchesEmpleadoSearch, compareEmpleados, listEmpleados } from './list';
export { toPublicEmpleado } from './public';
