/**
 * The employee endpoints of the employee screens: `/api/empleados-api` is declared in
 * lib/resources (other features read it too); the photo upload is this feature's alone.
 */
import { uploadPhoto } from '../../../components/photo';
import { empleadoUrl } from '../../../lib/resources';

export { empleadosResource, type EmpleadoBody } from '../../../lib/resources';

/** POST multipart (field `foto_perfil`); answers the new photo URL. Admins only (the gateway checks). */
export const uploadEmpleadoPhoto = (id: string, file: File): Promise<string | null> => uploadPhoto(`${empleadoUrl(id)}/upload-photo`, file);
