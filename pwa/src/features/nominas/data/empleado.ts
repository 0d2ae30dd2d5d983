/** The employee a payroll screen is about (name, salary), read from the gateway (admins, or the linked person). */
import type { EmpleadoPublico } from '../../../../../couch-design/empleado';
import { restResource } from '../../../lib/data';

export const empleadoResource = restResource<EmpleadoPublico>({
  listUrl: '/api/empleados-api',
  pickList: (body) => body.empleados,
  itemUrl: (id) => `/api/empleados-api/${encodeURIComponent(id)}`,
  pickItem: (body) => body.empleado,
});
