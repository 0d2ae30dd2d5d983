import type { Empleado, EmpleadoPublico } from './types';

const opt = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Every answer that carries an employee: the contract's fields only; `foto` is the photo's URL. */
export function toPublicEmpleado(doc: Empleado, foto: string | null = null): EmpleadoPublico {
  const legacy = doc as Empleado & { nun_in?: unknown };
  return {
    _id: doc._id,
    id: doc._id,
    _rev: doc._rev,
    prim_nom: opt(doc.prim_nom) ?? '',
    segun_nom: opt(doc.segun_nom),
    apell_pa: opt(doc.apell_pa) ?? '',
    apell_ma: opt(doc.apell_ma) ?? '',
    email: opt(doc.email),
    telefono: opt(doc.telefono) ?? '',
    pust: opt(doc.pust) ?? '',
    estado: doc.estado === 'Inactivo' ? 'Inactivo' : 'Activo',
    salario: typeof doc.salario === 'number' && Number.isFinite(doc.salario) ? doc.salario : 0,
    fecha_na: opt(doc.fecha_na) ?? '',
    fecha_ing: opt(doc.fecha_ing) ?? '',
    calle: opt(doc.calle) ?? '',
    nun_ex: opt(doc.nun_ex) ?? '',
    num_in: opt(doc.num_in) ?? opt(legacy.nun_in),
    codigo: opt(doc.codigo) ?? '',
    foto_perfil: foto,
    userId: opt(doc.userId) || null,
    creado: opt(doc.creado),
  };
}
