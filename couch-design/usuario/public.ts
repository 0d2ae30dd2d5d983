import type { Usuario, UsuarioNombre, UsuarioPublico } from './types';

const opt = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * Every answer that carries a user goes through this: only the fields of the contract, so the hash
 * and the gateway's bookkeeping never leave it. `foto` is the photo's URL, known to the gateway.
 */
export function toPublicUser(doc: Usuario, foto: string | null = null): UsuarioPublico {
  const legacy = doc as Usuario & { nun_in?: unknown };
  return {
    _id: doc._id,
    id: doc._id,
    _rev: doc._rev,
    prim_nom: opt(doc.prim_nom) ?? '',
    segun_nom: opt(doc.segun_nom),
    apell_pa: opt(doc.apell_pa) ?? '',
    apell_ma: opt(doc.apell_ma) ?? '',
    email: opt(doc.email) ?? '',
    telefono: opt(doc.telefono),
    fecha_na: opt(doc.fecha_na),
    calle: opt(doc.calle),
    nun_ex: opt(doc.nun_ex),
    num_in: opt(doc.num_in) ?? opt(legacy.nun_in),
    codigo: opt(doc.codigo),
    pust: opt(doc.pust),
    role: opt(doc.role) || 'user',
    foto_perfil: foto,
    empleado_id: opt(doc.empleado_id) || null,
    creado: opt(doc.creado),
  };
}

export function toUserName(doc: Usuario): UsuarioNombre {
  return { _id: doc._id, id: doc._id, prim_nom: doc.prim_nom, segun_nom: doc.segun_nom, apell_pa: doc.apell_pa, apell_ma: doc.apell_ma };
}
