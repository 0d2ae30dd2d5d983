/**
 * Employees live behind the gateway (spec 000 section 7, `/api/empleados-api`): admins list and
 * write them; the linked person reads their own. Every employee call of the screens is here.
 */
import type { EmpleadoPublico } from '../../../../../couch-design/empleado';
import { uploadPhoto } from '../../../components/photo';
import { restResource } from '../../../lib/data';

export const EMPLEADOS_URL = '/api/empleados-api';
const itemUrl = (id: string): string => `${EMPLEADOS_URL}/${encodeURIComponent(id)}`;

/** What the create and edit screens send (the shared schema checks it on both sides). */
export type EmpleadoBody = Record<string, string | number | boolean | null>;

export const empleadosResource = restResource<EmpleadoPublico, EmpleadoBody>({
  listUrl: EMPLEADOS_URL,
  pickList: (body) => body.empleados,
  itemUrl,
  pickItem: (body) => body.empleado,
});

/** POST multipart (field `foto_perfil`); answers the new photo URL. Admins only (the gateway checks). */
export const uploadEmpleadoPhoto = (id: string, file: File): Promise<string | null> => uploadPhoto(`${itemUrl(id)}/upload-photo`, file);
