/** The usuarios database: one `usuario` per account. Server only: REST screens that need a connection. */
import { declareEntity, mangoIndex } from '../entity';

export const USUARIOS_BY_EMAIL = mangoIndex('usuarios-email', ['email']);

/** Users linked from their side to an employee (the link is checked from both directions). */
export const USUARIOS_BY_EMPLEADO = mangoIndex('usuarios-empleado', ['empleado_id']);

export const USUARIO = declareEntity({
  database: 'usuarios',
  docTypes: ['usuario'],
  indexes: [USUARIOS_BY_EMAIL, USUARIOS_BY_EMPLEADO],
});
