import type { VinculoPublico } from '../vinculo';

/** An employee as stored in the `empleados` database (specification 000, section 3). */
export interface Empleado {
  _id: string;
  _rev?: string;
  type: 'empleado';
  prim_nom: string;
  segun_nom?: string;
  apell_pa: string;
  apell_ma: string;
  email?: string;
  telefono: string;
  pust: string;
  estado: EstadoEmpleado;
  salario: number;
  fecha_na: string;
  fecha_ing: string;
  calle: string;
  nun_ex: string;
  num_in?: string;
  codigo: string;
  /** Legacy relative path; answers carry the gateway URL of the photo attachment instead. */
  foto_perfil?: string;
  /** The user account linked from this side (the other direction is `usuario.empleado_id`). */
  userId?: string | null;
  creado?: string;
}

export const ESTADOS_EMPLEADO = ['Activo', 'Inactivo'] as const;
export type EstadoEmpleado = (typeof ESTADOS_EMPLEADO)[number];
export const DEFAULT_ESTADO_EMPLEADO: EstadoEmpleado = 'Activo';

/** An employee as every REST answer carries it: the contract's fields, the photo as a URL. */
export interface EmpleadoPublico extends Omit<Empleado, 'foto_perfil' | 'userId' | 'type'> {
  id: string;
  /** Gateway URL of the photo (`/api/empleados-api/{id}/foto?v=...`), or null when there is none. */
  foto_perfil: string | null;
  userId: string | null;
  /** The list only (`GET /api/empleados-api`): the user linked from either side, by name (issue 18 item 5). */
  usuario_vinculado?: VinculoPublico | null;
}
