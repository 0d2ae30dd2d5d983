/**
 * `/api/empleados-api` (spec 000 section 7), declared once for every screen that reads employees:
 * the employee screens, the user screens' link and the payroll screens' employee. Admins list and
 * write them; the linked person reads their own. They need the network.
 */
import type { EmpleadoPublico } from '../../../../couch-design/empleado';
import { restResource, type RestResourceOptions } from '../data/rest';

export const EMPLEADOS_URL = '/api/empleados-api';
export const empleadoUrl = (id: string): string => `${EMPLEADOS_URL}/${encodeURIComponent(id)}`;

/** What the create and edit screens send (the shared schema checks it on both sides). */
export type EmpleadoBody = Record<string, string | number | boolean | null>;

const EMPLEADOS: RestResourceOptions<EmpleadoBody> = {
  listUrl: EMPLEADOS_URL,
  pickList: (body) => body.empleados,
  itemUrl: empleadoUrl,
  pickItem: (body) => body.empleado,
};

export const empleadosResource = restResource<EmpleadoPublico, EmpleadoBody>(EMPLEADOS);

/** The employee whose `userId` names a user (the link kept on the employee's side): `get` takes the user's id. */
export const empleadoDeUsuarioResource = restResource<EmpleadoPublico, EmpleadoBody>({
  ...EMPLEADOS,
  itemUrl: (userId) => `${EMPLEADOS_URL}/by-user/${encodeURIComponent(userId)}`,
});
