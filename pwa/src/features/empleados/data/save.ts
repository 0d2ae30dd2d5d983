/**
 * Saving an employee from the form: the record first, then the chosen photo. A photo that fails
 * after the record was stored does not undo it (spec 000 section 8 logs a failed photo upload);
 * an edit says so, since saving again is harmless there.
 */
import type { EmpleadoPublico } from '../../../../../couch-design/empleado';
import { DataError } from '../../../lib/data';
import { errorSubirFoto, ERROR_SUBIR_FOTO } from '../texts';
import { empleadosResource, uploadEmpleadoPhoto, type EmpleadoBody } from './empleados';

export async function createEmpleado(body: EmpleadoBody, foto: File | null): Promise<EmpleadoPublico> {
  const saved = await empleadosResource.save(body);
  if (foto) {
    try {
      await uploadEmpleadoPhoto(saved.id, foto);
    } catch (err) {
      console.error('El empleado se creó, pero no se pudo subir su foto.', err);
    }
  }
  return saved;
}

export async function updateEmpleado(id: string, body: EmpleadoBody, foto: File | null): Promise<EmpleadoPublico> {
  const saved = await empleadosResource.save(body, id);
  if (foto) {
    try {
      await uploadEmpleadoPhoto(id, foto);
    } catch (err) {
      console.error('No se pudo subir la foto del empleado.', err);
      throw new DataError(err instanceof DataError && !err.offline && err.message ? errorSubirFoto(err.message) : ERROR_SUBIR_FOTO, err instanceof DataError ? err.status : 0);
    }
  }
  return saved;
}
