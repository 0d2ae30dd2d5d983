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
  estado: 'Activo' | 'Inactivo';
  salario: number;
  fecha_na: string;
  fecha_ing: string;
  calle: string;
  nun_ex: string;
  num_in?: string;
  codigo: string;
  foto_perfil?: string;
  /** The user account linked from this side (the other direction is `usuario.empleado_id`). */
  userId?: string | null;
}

export const ESTADOS_EMPLEADO = ['Activo', 'Inactivo'] as const;
export const DEFAULT_ESTADO_EMPLEADO = 'Activo';
