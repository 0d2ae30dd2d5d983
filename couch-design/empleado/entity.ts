/** The empleados database: one `empleado` per employee. Server only: REST screens that need a connection. */
import { declareEntity, type MangoIndexDef } from '../entity';

export const EMPLEADOS_BY_USER: MangoIndexDef = {
  index: { fields: ['userId'] },
  ddoc: 'idx-empleados-user',
  name: 'empleados-user',
};

export const EMPLEADO = declareEntity({
  database: 'empleados',
  docTypes: ['empleado'],
  indexes: [EMPLEADOS_BY_USER],
});
