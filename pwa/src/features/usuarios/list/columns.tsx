/** The users list's columns (spec 000 section 2) and the CSV of what it shows. */
import { Intent, Tag } from '@blueprintjs/core';
import { hasAdminBadge, roleLabel } from '../../../../../couch-design/roles';
import { fullName, type UsuarioPublico } from '../../../../../couch-design/usuario';
import { Avatar, orDash } from '../../../components/feedback';
import type { Column, CsvExport } from '../../../components/list';
import { COLUMNAS, CSV_BASE, ERROR_CARGAR_LISTA } from '../texts';

/** 'Ana Pérez Gómez' -> 'AP': what stands in for a missing photo. */
export function initials(u: Pick<UsuarioPublico, 'prim_nom' | 'apell_pa'> | null | undefined): string {
  return [u?.prim_nom, u?.apell_pa].map((s) => (s ?? '').trim().charAt(0).toUpperCase()).join('') || '?';
}

/** The role as a badge: filled for any role containing 'admin' (section 6), outlined otherwise. */
export function RoleBadge({ role }: { role: string | null | undefined }) {
  const admin = hasAdminBadge(role);
  return (
    <Tag round minimal={!admin} intent={admin ? Intent.PRIMARY : Intent.NONE} data-admin={admin || undefined}>
      {roleLabel(role)}
    </Tag>
  );
}

export const USUARIO_COLUMNS: Column<UsuarioPublico>[] = [
  { header: COLUMNAS.foto, cell: (u) => <Avatar src={u.foto_perfil ?? undefined} letters={initials(u)} /> },
  { header: COLUMNAS.nombre, failed: ERROR_CARGAR_LISTA, cell: (u) => <span className="list-cell-main">{fullName(u)}</span> },
  { header: COLUMNAS.correo, cell: (u) => u.email },
  { header: COLUMNAS.puesto, cell: (u) => orDash(u.pust) },
  { header: COLUMNAS.telefono, nowrap: true, cell: (u) => orDash(u.telefono) },
  { header: COLUMNAS.rol, cell: (u) => <RoleBadge role={u.role} /> },
];

export const USUARIOS_CSV: CsvExport<UsuarioPublico> = {
  baseName: CSV_BASE,
  columns: [
    { header: COLUMNAS.nombre, value: (u) => fullName(u) },
    { header: COLUMNAS.correo, value: (u) => u.email },
    { header: COLUMNAS.puesto, value: (u) => u.pust ?? '' },
    { header: COLUMNAS.telefono, value: (u) => u.telefono ?? '' },
    { header: COLUMNAS.rol, value: (u) => roleLabel(u.role) },
  ],
};
