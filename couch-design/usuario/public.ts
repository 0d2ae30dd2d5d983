import { interiorNumber, publicName } from '../helpers/names';
import type { Usuario, UsuarioNombre, UsuarioPublico } from './types';

const opt = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * Every answer that carries a user goes through this: only the fields of the contract, so the hash
 * and the gateway's bookkeeping never leave it. `foto` is the photo's URL, known to the gateway.
 */
export function toPublicUser(doc: Usuario, foto: string | null = null): UsuarioPublico {
  return {
    ...publicName(doc),
    _rev: doc._rev,
    email: opt(doc.email) ?? '',
    telefono: opt(doc.telefono),
    fecha_na: opt(doc.fecha_na),
    calle: opt(doc.calle),
    nun_ex: opt(doc.nun_ex),
    num_in: interiorNumber(doc),
    codigo: opt(doc.codigo),
    pust: opt(doc.pust),
    role: opt(doc.role) || 'user',
    foto_perfil: foto,
    empleado_id: opt(doc.empleado_id) || null,
    creado: opt(doc.creado),
  };
}

export function toUserName(doc: Usuario): UsuarioNombre {
  return publicName(doc);
}
