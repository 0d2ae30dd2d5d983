/** The usuarios database: one `usuario` per account. Server only: REST screens that need a connection. */
import { declareEntity, type MangoIndexDef } from '../entity';

export const USUARIOS_BY_EMAIL: MangoIndexDef = {
  index: { fields: ['email'] },
  ddoc: 'idx-usuarios-email',
  name: 'usuarios-email',
};

/** Users linked from their side to an employee (the link is checked from both directions). */
export const USUARIOS_BY_EMPLEADO: MangoIndexDef = {
  index: { fields: ['empleado_id'] },
  ddoc: 'idx-usuarios-empleado',
  name: 'usuarios-empleado',
};

export const USUARIO = declareEntity({
  database: 'usuarios',
  docTypes: ['usuario'],
  indexes: [USUARIOS_BY_EMAIL, USUARIOS_BY_EMPLEADO],
});
