/**
 * Texts of the payroll screens: those of specification 000 (sections 2, 5, 8) word for word,
 * then ours where it is silent (marked). Display rules ('Sin concepto', 'N/A', '$0.00') and the
 * schema's messages live in couch-design/nomina.
 */
import { SCREEN_TITLE } from '../../lib/titles';
import { NOMINA_WRITE_MSG } from '../../../../couch-design/nomina/write-policy';
import { NOMINA_DONE } from '../../../../couch-design/nomina/messages';
import { redirigiendo } from '../../components/form/texts';

// Texts other screens say too, written once where they are shared.
export { DESCARGAR_PDF as ACCION_PDF, EXPORTAR_CSV as BTN_EXPORTAR } from '../../components/list/texts';
export { BTN_GUARDAR_CAMBIOS } from '../../components/form/texts';
export { ERROR_CARGAR_EMPLEADO as ERROR_EMPLEADO_NO_CARGADO } from '../../lib/resources/texts';
export { NETWORK_MESSAGE as ERROR_CONEXION } from '../../lib/api';

// --- Tables (employee profile 'Información Laboral', 'Mi Nómina', profile 'Nóminas') ---
export const COL_FECHA = 'Fecha';
export const COL_CONCEPTO = 'Concepto';
export const COL_SALARIO = 'Salario';
export const COL_MONTO = 'Monto';
export const ACCION_VER = 'Ver nómina';
export const ACCION_ELIMINAR = 'Eliminar nómina';
export const CONFIRM_ELIMINAR = '¿Estás seguro de que deseas eliminar esta nómina?';
export const FILTRO_DESDE = 'Desde';
export const FILTRO_HASTA = 'Hasta';
export const CARGANDO_NOMINAS = 'Cargando nóminas...';
export const SIN_NOMINAS = 'No hay nóminas registradas';
/** The button says the name of the screen it opens. */
export const BTN_CREAR = SCREEN_TITLE.newNomina;

// --- Employee documents ---
export const documentosDe = (primerNombre: string, apellidoPaterno: string): string => `Documentos de ${primerNombre} ${apellidoPaterno}`;
export const DOC_FECHA = 'Fecha:';
export const DOC_MONTO = 'Monto: $';
export const SIN_DOCUMENTOS = 'No hay documentos disponibles';
export const SIN_DOCUMENTOS_DETALLE = 'Todavía no se han generado documentos para este empleado.';

// --- Create and edit ---
export const TITLE_CREAR = SCREEN_TITLE.newNomina;
export const TITLE_EDITAR = SCREEN_TITLE.editNomina;
export const CAMPO_SALARIO = 'Salario';
export const CAMPO_FECHA = 'Fecha de Pago';
export const CAMPO_CONCEPTO = 'Concepto de Pago';
export const BTN_CREAR_NOMINA = 'Crear Nómina';
export const CREANDO = 'Creando...';
export const CREADA = redirigiendo(NOMINA_DONE.creada);
export const CARGANDO_NOMINA = 'Cargando datos de la nómina...';
export const ERROR_EMPLEADO_CARGA = 'Error al cargar la información del empleado';
export const errorCrearEstado = (status: number): string => `Error al crear la nómina. Estado: ${status}`;
export const ERROR_CREAR_RED = 'Error al crear la nómina. Por favor, inténtelo de nuevo.';

// --- My payroll and the profile tab ---
export const TITLE_MI_NOMINA = 'Nóminas Table';
export const SIN_NOMINAS_EMPLEADO = 'No se encontraron nóminas para este empleado';
export const SIN_EMPLEADO = 'No se encontró ningún empleado asociado a tu cuenta';
export const ERROR_USUARIO = 'No se pudo obtener información del usuario';
export const ERROR_CARGAR_NOMINAS = 'No se pudieron cargar las nóminas. Por favor intenta más tarde.';
export const SIN_NOMINAS_DISPONIBLES = 'No hay nóminas disponibles';

// --- Ours: where the specification is silent ---
export const SIN_NOMINAS_HINT = 'Si crees que es un error, contacta al administrador.';
export const ACCION_EDITAR = 'Editar nómina';
export const ACCION_DOCUMENTO = 'Abrir documento';
export const BTN_LIMPIAR = 'Limpiar fechas';
export const BTN_VOLVER = 'Volver';
export const CAMPO_EMPLEADO = 'Empleado';
export const TITLE_DOCUMENTOS = SCREEN_TITLE.empleadoDocuments;
export const FILTRO_SIN_RESULTADOS = 'Ninguna nómina tiene fecha de pago en ese periodo.';
export const FILTRO_INVERTIDO = "La fecha 'Desde' es posterior a 'Hasta': no puede haber nóminas en ese periodo.";
export const recientes = (shown: number, total: number): string =>
  `Se muestran las ${shown} nóminas más recientes de ${total}. Use 'Desde' y 'Hasta' para ver las anteriores.`;
export const ERROR_PDF = 'No se pudo descargar el PDF de la nómina. Inténtelo de nuevo.';
export const ERROR_ELIMINAR = 'No se pudo eliminar la nómina.';
export const ERROR_GUARDAR = 'No se pudieron guardar los cambios de la nómina.';
export const NOMINA_NO_ENCONTRADA = NOMINA_WRITE_MSG.notFound;
export const ACTUALIZADA = NOMINA_DONE.actualizada;
export const SALIR_PREGUNTA = 'Tiene cambios sin guardar en esta nómina. ¿Desea salir de todos modos?';
export const DESCARTAR_PREGUNTA = '¿Desea descartar los cambios de esta nómina?';
export const CSV_BASE = 'nominas';
export const SINCRONIZANDO = 'Descargando sus nóminas a este dispositivo...';
export const DISPONIBLE_SIN_CONEXION = 'Sus nóminas están guardadas en este dispositivo: puede consultarlas y descargarlas sin conexión.';
