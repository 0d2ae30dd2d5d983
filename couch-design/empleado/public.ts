import { interiorNumber, publicName } from '../helpers/names';
import type { Empleado, EmpleadoPublico } from './types';

const opt = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Every answer that carries an employee: the contract's fields only; `foto` is the photo's URL. */
export function toPublicEmpleado(doc: Empleado, foto: string | null = null): EmpleadoPublico {
  return {
    ...publicName(doc),
    _rev: doc._rev,
    email: opt(doc.email),
    telefono: opt(doc.telefono) ?? '',
    pust: opt(doc.pust) ?? '',
    estado: doc.estado === 'Inactivo' ? 'Inactivo' : 'Activo',
    salario: typeof doc.salario === 'number' && Number.isFinite(doc.salario) ? doc.salario : 0,
    fecha_na: opt(doc.fecha_na) ?? '',
    fecha_ing: opt(doc.fecha_ing) ?? '',
    calle: opt(doc.calle) ?? '',
    nun_ex: opt(doc.nun_ex) ?? '',
    num_in: interiorNumber(doc),
    codigo: opt(doc.codigo) ?? '',
    foto_perfil: foto,
    userId: opt(doc.userId) || null,
    creado: opt(doc.creado),
  };
}
