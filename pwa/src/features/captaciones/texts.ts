/** Spanish texts of the captación screens (specification 001 sections 2.3-2.6, 4, 8), word for word. */
import { SCREEN_TITLE } from '../../lib/titles';
import { DESCARGAR_PDF, EXPORTAR_CSV } from '../../components/list/texts';
import { CAPTACION_DONE, CAPTACION_NOT_FOUND } from '../../../../couch-design/captacion/messages';

// Texts other screens say too, written once where they are shared.
export { BTN_GUARDAR_CAMBIOS } from '../../components/form/texts';
export { SIN_ADEUDOS, SIN_REFERENCIAS as SIN_REFERENCIAS_DETALLE } from '../../../../couch-design/captacion/rules';

export const TITLE_NUEVA = SCREEN_TITLE.nuevaCaptacion;
export const TITLE_EDITAR = SCREEN_TITLE.editarCaptacion;
export const TITLE_LISTA = SCREEN_TITLE.captaciones;
export const TITLE_DETALLE = SCREEN_TITLE.captacion;
export const TITLE_CONFLICTO = SCREEN_TITLE.captacionConflicto;

export const BTN_GUARDAR_NUEVA = 'Guardar Captación';
export const BTN_NUEVA = 'Nueva Captación';
export const BTN_CREAR = 'Crear Captación';
export const BTN_EDITAR = 'Editar';
export const BTN_VOLVER = 'Volver';
export const BTN_EXPORTAR = EXPORTAR_CSV;
export const BTN_DESCARGAR_PDF = DESCARGAR_PDF;
export const BTN_AGREGAR_ADEUDO = '+ Agregar Adeudo';
export const BTN_AGREGAR_REFERENCIA = '+ Agregar Referencia';

export const GUARDADA_OK = CAPTACION_DONE.creada;
export const ACTUALIZADA_OK = CAPTACION_DONE.actualizada;
export const ERROR_GUARDAR = 'Error al guardar la captación';
export const ERROR_ACTUALIZAR = 'Error al actualizar la captación';
export const ERROR_CARGAR_EDICION = 'Error al cargar los datos de la captación';
export const ERROR_CARGAR_DETALLE = 'Error al cargar la información de la captación';
export const ERROR_CARGAR_LISTA = 'No se pudieron cargar las captaciones';
export const ERROR_ELIMINAR = 'Error al eliminar la captación';
export const ERROR_PDF_ID = 'Error: ID de captación no válido';
export const ERROR_PDF = 'Error al descargar el PDF. Por favor intente nuevamente.';
export const NO_ENCONTRADA = CAPTACION_NOT_FOUND;
/** Not in the specification: the record changed on this device (a sync) while the form was open. */
export const CAMBIO_CONCURRENTE =
  'La captación cambió mientras la editaba (otra persona o dispositivo). Sus cambios siguen en el formulario: recargue la página para partir de la versión nueva.';

export const CONFIRM_ELIMINAR = 'Estás seguro de que deseas eliminar esta captación? Esta acción no se puede deshacer.';

export const BUSCAR_PLACEHOLDER = 'Buscar por propietario o dirección';
/** The data columns; 'Acciones' comes with the list kit's row buttons. */
export const LIST_COLUMNS = ['Propiedad', 'Propietario', 'Ubicación', 'Última Actualización', 'Estatus', 'Fecha'] as const;
export const VACIO = 'No hay proyectos disponibles';
export const SIN_ASIGNADOS = 'No tienes proyectos asignados';
export const SIN_RESULTADOS = 'Ninguna captación coincide con la búsqueda.';
export const ERROR_CONEXION = 'Error de conexión';
export const ERROR_DATOS = 'Error al cargar datos';
export const ESTATUS_ERROR = 'Error';

export const ACCION_VER = 'Ver detalle';
export const ACCION_PDF = DESCARGAR_PDF;
export const ACCION_EDITAR = 'Editar';

export const SIN_REFERENCIAS_FORM = 'No hay referencias registradas. Se requieren al menos 2 referencias.';
export const ADEUDOS_AYUDA = 'Registre los adeudos de la propiedad, como predial, agua o hipoteca.';
export const REFERENCIAS_AYUDA = 'Agregue al menos dos referencias personales del propietario.';
export const NO_EN_VENTA = 'La propiedad no está en venta actualmente.';

export const SALIR_PREGUNTA =
  'Tiene cambios sin guardar en esta captación. Se conservan como borrador en este dispositivo. ¿Desea salir de todos modos?';
export const DESCARTAR_PREGUNTA = 'Se descartarán los cambios sin guardar de esta captación. ¿Desea continuar?';
/** The photos of a captación not yet saved live only in the page: the draft does not keep them. */
export const SALIR_CON_FOTOS =
  'Las fotos de esta captación aún no se han guardado y se perderán al salir; los demás cambios se conservan como borrador. ¿Desea salir de todos modos?';

export const CONFLICTO_AVISO = 'Esta captación se modificó en dos dispositivos sin conexión. Elija qué versión conservar.';
export const BTN_RESOLVER = 'Resolver conflicto';
export const BTN_GUARDAR_SELECCION = 'Guardar versión elegida';
export const CONFLICTO_RESUELTO = 'Conflicto resuelto: se conservó la versión elegida.';
export const CONFLICTO_ERROR = 'No se pudo resolver el conflicto. Ninguna versión se eliminó; intente nuevamente.';
export const SIN_CONFLICTO = 'Esta captación no tiene versiones en conflicto.';
export const CONFLICTO_AYUDA =
  'Para cada sección elija la versión que desea conservar. Las versiones no elegidas se eliminan solo al guardar.';

export const RECHAZO_SERVIDOR = 'El servidor rechazó un cambio de esta captación; el cambio se conserva en este dispositivo:';
