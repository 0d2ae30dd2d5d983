/**
 * Texts of the employee screens: the specification's word for word (spec 000 sections 2, 5, 8),
 * ours where it gives none. Field labels come from the shared schema (couch-design/empleado).
 */
import { SCREEN_TITLE } from '../../lib/titles';
import { PERSONA_LABEL } from '../../../../couch-design/persona';
import { EMPLEADO_DONE } from '../../../../couch-design/empleado/messages';
import { redirigiendo } from '../../components/form/texts';

// Texts other screens say too, written once where they are shared.
export { NETWORK_MESSAGE as ERROR_CONEXION } from '../../lib/api';
export { CORREO_ELECTRONICO as ETQ_CORREO, NOMBRE_COMPLETO as ETQ_NOMBRE, SECCION_LABORAL, SECCION_PERSONAL } from '../../components/form/texts';
export { ERROR_CARGAR_EMPLEADO as ERROR_CARGAR } from '../../lib/resources/texts';
export { ERROR_SUBIR_FOTO, errorSubirFoto } from '../../components/photo/texts';
export { NO_ESPECIFICADO } from '../../../../couch-design/captacion/rules';

// --- 'Lista de Empleados' ---------------------------------------------------------------
export const TITLE_LISTA = SCREEN_TITLE.empleados;
export const BUSCAR_PLACEHOLDER = 'Buscar empleados...';
export const mostrando = (shown: number, total: number): string => `Mostrando ${shown} de ${total} empleados`;
export const COL_NOMBRE = 'Nombre Completo';
export const COL_CORREO = 'Correo';
export const COL_PUESTO = 'Puesto';
export const COL_TELEFONO = 'Teléfono';
export const COL_ESTADO = 'Estado';
export const COL_SALARIO = 'Salario';
export const TABLA_EMPLEADOS = 'Empleados';
export const BTN_VER_PERFIL = 'Ver perfil';
export const BTN_VER_DOCUMENTOS = 'Ver documentos';
export const BTN_ELIMINAR = 'Eliminar';
export { BTN_CANCELAR } from '../../components/form/texts';
export const BTN_NUEVO = 'Nuevo Empleado';
export const SIN_RESULTADOS = 'No se encontraron empleados con los criterios de búsqueda.';
/** Not in the specification: the list before the first employee exists. */
export const VACIO = 'Todavía no hay empleados registrados.';
export const seleccionado = (name: string): string => `Empleado seleccionado: ${name}`;
export const SELECCIONE_FILA = 'Seleccione un empleado de la lista para ver su perfil, sus documentos o eliminarlo.';
export const CONFIRM_ELIMINAR = '¿Está seguro de que desea eliminar este empleado? Esta acción no se puede deshacer.';
export const ELIMINADO_OK = EMPLEADO_DONE.eliminado;
export const ERROR_ELIMINAR = 'Error al eliminar empleado';
export const errorEliminar = (message: string): string => `${ERROR_ELIMINAR}: ${message}`;
/** Spec 000 section 8 only logs a failed load; the list says so rather than looking empty. */
export const ERROR_CARGAR_LISTA = 'No se pudo cargar la lista de empleados.';
export const CSV_BASE = 'empleados';

// --- 'Crear Nuevo Empleado' / 'Editar Empleado' -----------------------------------------------
export const TITLE_CREAR = SCREEN_TITLE.newEmpleado;
export const TITLE_EDITAR = SCREEN_TITLE.editEmpleado;
export const SECCION_DIRECCION = 'Dirección';
export const ASOCIAR_USUARIO = 'Asociar con Usuario';
export const NINGUNO = 'Ninguno';
export const CARGANDO_USUARIOS = 'Cargando usuarios...';
export const ERROR_USUARIOS = 'No se pudo cargar la lista de usuarios.';
/**
 * Ours (issue 18 item 5): a user already linked to another employee is marked with that employee,
 * and choosing them asks first, naming the employee who loses the link and their payslips.
 */
export const vinculadoConEmpleado = (empleado: string): string => `vinculado con ${empleado}`;
export const reemplazarUsuario = (actual: string, nuevo: string): string[] => [
  `Este empleado está vinculado con ${actual}.`,
  `Si continúa, ${actual} perderá ese vínculo: esa cuenta dejará de ver los recibos de nómina de este empleado en 'Mi Nómina', y ${nuevo} los verá.`,
  '¿Desea reasignar el usuario?',
];
export const reasignarUsuario = (usuario: string, empleado: string): string[] => [
  `${usuario} ya está vinculado con el empleado ${empleado}.`,
  `Si continúa, ${empleado} perderá ese vínculo: esa cuenta dejará de ver sus recibos de nómina en 'Mi Nómina' y verá los de este empleado.`,
  '¿Desea reasignar el usuario?',
];
export const BTN_REASIGNAR = 'Reasignar usuario';
export const BTN_GUARDAR = 'Guardar Empleado';
export const BTN_ACTUALIZAR = 'Actualizar Empleado';
export const CREADO_OK = redirigiendo(EMPLEADO_DONE.creado);
export const ACTUALIZADO_OK = EMPLEADO_DONE.actualizado;
export const ERROR_CREAR = 'Error al crear el empleado';
export const ERROR_GUARDAR = 'Error al guardar los datos. Por favor intente nuevamente.';
export const SALIR_PREGUNTA = '¿Salir sin guardar? Los cambios de este formulario se perderán.';
export const DESCARTAR_PREGUNTA = '¿Descartar los cambios de este formulario?';
export const AYUDA_TELEFONO = '10 dígitos';
export const AYUDA_CODIGO = '5 dígitos';
export const FOTO = 'Foto';
export const AYUDA_FOTO = 'PNG, JPG, GIF o WebP, máximo 2 MB.';

// --- Employee profile ----------------------------------------------------------------------
export const TITLE_PERFIL = SCREEN_TITLE.empleadoProfile;
export const BTN_EDITAR = 'Editar';
export const BTN_VOLVER = 'Volver';
export const SECCION_PERFIL = 'Perfil Personal';
export const USUARIO_ASOCIADO = 'Usuario Asociado';
export const ETQ_NACIMIENTO = PERSONA_LABEL.fecha_na;
export const ETQ_TELEFONO = 'Teléfono';
export const ETQ_DIRECCION = 'Dirección';
export const ETQ_ESTADO = 'Estado';
export const ETQ_PUESTO = 'Puesto';
export const ETQ_SALARIO = 'Salario';
export const ETQ_INGRESO = 'Fecha de ingreso';
export const SIN_FOTO = 'Sin foto';
export const FOTO_DE = (name: string): string => `Foto de ${name}`;
export const COPIA_GUARDADA = 'Se muestra la copia guardada al abrir el perfil; no se pudo actualizar desde el servidor.';
