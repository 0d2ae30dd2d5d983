/**
 * The payroll endpoints as the payroll screens use them: declared in lib/resources, with the
 * screen's own words for a new payslip the server refused without a message.
 */
import { createNomina as postNomina, type NuevaNomina } from '../../../lib/resources';
import { ERROR_CREAR_RED, errorCrearEstado } from '../texts';

export { deleteNomina, fetchNominaPdf, getNomina, listNominasDeEmpleado, NOMINAS_MAX_LIMIT, updateNomina, verNominaUrl, type NominasPage } from '../../../lib/resources';

export const createNomina = (empleadoId: string, nomina: NuevaNomina): Promise<void> => postNomina(empleadoId, nomina, { sinRed: ERROR_CREAR_RED, estado: errorCrearEstado });
