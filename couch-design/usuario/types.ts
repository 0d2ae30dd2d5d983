import type { VinculoPublico } from '../vinculo';

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
  /** Legacy relative path; answers carry the gateway URL of the photo attachment instead. */
  foto_perfil?: string;
  /** The employee linked from this side (the other direction is `empleado.userId`). */
  empleado_id?: string | null;
  /** Server only: never leaves the gateway. */
  password_hash?: string;
  creado?: string;
  /** Server only: moves when what this person may replicate changes (sync-server/src/sync/scope-epoch.ts). */
  scope_epoch?: number;
}

/** A user as every REST answer carries it: no hash, no server bookkeeping, the photo as a URL. */
export interface UsuarioPublico extends Omit<Usuario, 'type' | 'foto_perfil' | 'empleado_id' | 'password_hash' | 'scope_epoch'> {
  id: string;
  /** Gateway URL of the photo (`/api/users/{id}/foto?v=...`), or null when there is none. */
  foto_perfil: string | null;
  empleado_id: string | null;
  /** The list only (`GET /api/users`): the employee linked from either side, by name (issue 18 item 5). */
  empleado_vinculado?: VinculoPublico | null;
}

/** What anyone signed in may learn of another person: enough to show an adviser's name. */
export type UsuarioNombre = Pick<UsuarioPublico, '_id' | 'id' | 'prim_nom' | 'segun_nom' | 'apell_pa' | 'apell_ma'>;
