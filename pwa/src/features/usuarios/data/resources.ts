/**
 * Where the user screens read: users and employees live behind the gateway (they need the
 * network). The endpoints (`/api/users`, `/api/empleados-api` and its `by-user/{userId}`) are
 * declared once in lib/resources, shared with the other features that read them.
 */
export { RefusedAnswer } from '../../../lib/data';
export { empleadoDeUsuarioResource, empleadosResource, usuariosResource, type UsuarioBody } from '../../../lib/resources';
