import * as yup from 'yup';

/** A user account as stored in the `usuarios` database (specification 000, section 3). */
export interface Usuario {
  _id: string;
  _rev?: string;
  type: 'usuario';
  prim_nom: string;
  segun_nom?: string;
  apell_pa: string;
  apell_ma: string;
  email: string;
  telefono?: string;
  fecha_na?: string;
  calle?: string;
  nun_ex?: string;
  num_in?: string;
  codigo?: string;
  pust?: string;
  role: string;
  foto_perfil?: string;
  empleado_id?: string | null;
  /** Server only: never leaves the gateway. */
  password_hash?: string;
  creado?: string;
}

export type UsuarioPublico = Omit<Usuario, 'password_hash'> & { id: string };

/** Every answer that carries a user goes through this: the hash never leaves the gateway. */
export function toPublicUser(doc: Usuario): UsuarioPublico {
  const { password_hash: _omit, ...rest } = doc;
  return { ...rest, id: doc._id };
}

/** What anyone signed in may learn of another person: enough to show an adviser's name. */
export type UsuarioNombre = Pick<UsuarioPublico, '_id' | 'id' | 'prim_nom' | 'segun_nom' | 'apell_pa' | 'apell_ma'>;

export function toUserName(doc: Usuario): UsuarioNombre {
  return { _id: doc._id, id: doc._id, prim_nom: doc.prim_nom, segun_nom: doc.segun_nom, apell_pa: doc.apell_pa, apell_ma: doc.apell_ma };
}

export function fullName(u: { prim_nom?: string; segun_nom?: string; apell_pa?: string; apell_ma?: string } | null | undefined): string {
  if (!u) return '';
  return [u.prim_nom, u.segun_nom, u.apell_pa, u.apell_ma].map((s) => (s ?? '').trim()).filter(Boolean).join(' ');
}

export const SIGNIN_EMPTY = 'Por favor, completa todos los campos.';
export const SIGNIN_FAILED = 'El correo o la contraseña son incorrectos.';

export const signinSchema = yup.object({
  email: yup.string().trim().required(SIGNIN_EMPTY).max(254, SIGNIN_FAILED),
  password: yup.string().required(SIGNIN_EMPTY).max(1024, SIGNIN_FAILED),
});

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
