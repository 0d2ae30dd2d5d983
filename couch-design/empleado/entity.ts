/** The empleados database: one `empleado` per employee. Server only: REST screens that need a connection. */
import { declareEntity, mangoIndex } from '../entity';

export const EMPLEADOS_BY_USER = mangoIndex('empleados-user', ['userId']);

export const EMPLEADO = declareEntity({
  database: 'empleados',
  docTypes: ['empleado'],
  indexes: [EMPLEADOS_BY_USER],
});
