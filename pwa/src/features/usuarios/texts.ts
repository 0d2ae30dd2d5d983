/**
 * Spanish texts of the user screens (specification 000 sections 2, 5, 8 and 9), word for word;
 * the rest are ours and say so. Field rules and their messages live in couch-design/usuario.
 */
import { PERSONA_LABEL } from '../../../../couch-design/persona';
import { SCREEN_TITLE } from '../../lib/titles';
import { USUARIO_DONE } from '../../../../couch-design/usuario/answers';
import { redirigiendo } from '../../components/form/texts';

// Texts other screens say too, written once where they are shared.
export { BTN_GUARDAR_CAMBIOS, SECCION_LABORAL, SECCION_PERSONAL } from '../../components/form/texts';
export { ERROR_CARGAR_USUARIO as ERROR_CARGAR_INFO } from '../../lib/resources/texts';
export { ERROR_SUBIR_FOTO, errorSubirFoto } from '../../components/photo/texts';

// --- 'Registro de Usuario' / 'Crear Nuevo Usuario' ------------------------------------------
export const TITLE_REGISTRO = 'Registro de Usuario';
export const TITLE_CREAR = SCREEN_TITLE.newUser;
export const BTN_REGISTRAR = 'Registrar Nuevo Usuario';
export const LINK_INICIAR_SESION = '¿Ya tienes una cuenta? Iniciar sesión';
export const MODO_CON_EMPLEADO = 'Usar empleado existente';
export const MODO_SIN_EMPLEADO = 'Crear usuario sin empleado';
export const SELECCIONAR_EMPLEADO = 'Seleccionar Empleado';
export const ERROR_REGISTRO = 'Error durante el registro';
/** Ours: the gateway's answer to a registration, shown while the screen waits to leave. */
export const REGISTRADO_OK = redirigiendo(USUARIO_DONE.registrado);
/** Ours: the public form is offered only when the gateway says public sign-up is open. */
export const COMPROBANDO_REGISTRO = 'Comprobando si el registro está disponible...';

// --- Sections and fields (ours: the specification names the sections, not their titles) ----
export const SECCION_EMPLEADO = 'Empleado';
export const SECCION_DIRECCION = 'Dirección';
export const SECCION_CUENTA = 'Información de la Cuenta';
export const SECCION_CONTACTO = 'Contacto';
export const SECCION_VINCULO = 'Empleado Vinculado';
export const SECCION_FOTO = 'Foto de Perfil';
/** Ours (issue 31 item 4): the person's open sessions on the admin's user screen. */
export const SECCION_DISPOSITIVOS = 'Dispositivos';

/** The personal fields read as on the employee form (couch-design); the account's are this form's own. */
export const LABEL = {
  ...PERSONA_LABEL,
  email: 'Correo Electrónico',
  password: 'Contraseña',
  role: 'Rol',
} as const;

/** The hints of section 2, shown as text (the gateway enforces them as rules). */
export const HINT_PASSWORD = 'La contraseña debe tener al menos 8 caracteres.';
export const HINT_TELEFONO = 'El teléfono debe tener 10 dígitos.';
export const HINT_CODIGO = 'El código postal debe tener 5 dígitos.';
/** SVG is refused by the gateway (couch-design/foto.ts): the hint names what it takes. */
export const HINT_FOTO = 'Opcional. Máximo 2MB (PNG, JPG, GIF o WebP).';

export const SIN_EMPLEADOS_ACTIVOS = 'No hay empleados activos disponibles.';
/**
 * Ours (issue 18 item 5): an employee already linked to another user is marked in the list, and
 * choosing it asks first, naming who loses the link and their payslips.
 */
export const vinculadoCon = (persona: string): string => `vinculado con ${persona}`;
export const reasignarEmpleado = (empleado: string, persona: string): string[] => [
  `${empleado} ya está vinculado con ${persona}.`,
  `Si continúa, ${persona} perderá ese vínculo y dejará de ver sus recibos de nómina en 'Mi Nómina'.`,
  '¿Desea reasignar el empleado?',
];
export const BTN_REASIGNAR = 'Reasignar empleado';
export const EMPLEADO_SIN_NOMBRE = 'Empleado sin nombre';
/** Ours: the employees could not be read for the selector. */
export const ERROR_CARGAR_EMPLEADOS = 'No se pudieron cargar los empleados';

// --- 'Editar Usuario' -------------------------------------------------------------------------
export const TITLE_EDITAR = SCREEN_TITLE.editUser;
export const VINCULAR_EMPLEADO = 'Vincular con empleado existente';
export const ACTUALIZADO_OK = '¡Usuario actualizado correctamente! Redirigiendo...';
export const ERROR_CARGAR_DATOS = 'Error al cargar datos del usuario';
export const ERROR_ACTUALIZAR = 'Error al actualizar usuario';
/** Ours: why the link cannot be changed here. */
export const VINCULO_DESDE_EMPLEADO =
  'El vínculo está registrado en el empleado; los datos personales vienen de su expediente. Cámbielo desde la edición del empleado.';
export const VINCULO_SOLO_ADMIN = 'Solo un administrador puede cambiar el empleado vinculado.';
export const VINCULO_CONTACTO_OCULTO = 'El teléfono y la dirección se toman del expediente del empleado vinculado.';
export const SALIR_PREGUNTA = 'Tiene cambios sin guardar en este usuario. ¿Desea salir de todos modos?';
export const DESCARTAR_PREGUNTA = 'Se descartarán los cambios sin guardar de este usuario. ¿Desea continuar?';

/** Ours (issue 9 item 5): an admin sets a new password for the user. */
export const TITLE_PASSWORD_ADMIN = 'Establecer nueva contraseña';
export const PASSWORD_ADMIN_AYUDA = 'La persona deberá iniciar sesión de nuevo con la contraseña nueva en todos sus dispositivos.';

// --- 'Lista de Usuarios' ----------------------------------------------------------------------
export const TITLE_LISTA = SCREEN_TITLE.users;
export const BTN_NUEVO = 'NUEVO USUARIO';
export const BTN_VER = 'Ver usuario';
export const BTN_ELIMINAR = 'Eliminar usuario';
export const BUSCAR = 'Buscar usuarios...';
export const mostrando = (shown: number, total: number): string => `Mostrando ${shown} de ${total} usuarios`;
export const COLUMNAS = {
  foto: 'FOTO',
  nombre: 'NOMBRE COMPLETO',
  correo: 'CORREO',
  puesto: 'PUESTO',
  telefono: 'TELÉFONO',
  rol: 'ROL',
} as const;
export const SIN_RESULTADOS = 'No se encontraron usuarios con los criterios de búsqueda.';
export const SELECCIONA_PRIMERO = 'Por favor, selecciona un usuario primero.';
export const CONFIRM_ELIMINAR = 'Estás seguro de que deseas eliminar este usuario?';
export const ELIMINADO_OK = USUARIO_DONE.eliminado;
export const ERROR_ELIMINAR = 'Error al eliminar usuario: ';
export const ERROR_DESCONOCIDO = 'Error desconocido';
export const BTN_ACEPTAR = 'Aceptar';
export { BTN_CANCELAR } from '../../components/form/texts';
/** Ours: the table's accessible name and how to use it without a mouse. */
export const TABLA_USUARIOS = 'Usuarios';
export const AYUDA_TECLADO = 'Seleccione una fila con un clic o con las flechas; Enter abre el usuario seleccionado.';
export const ERROR_CARGAR_LISTA = 'No se pudieron cargar los usuarios';
export const CSV_BASE = 'usuarios';

// --- User detail ------------------------------------------------------------------------------
export const TITLE_DETALLE = SCREEN_TITLE.userProfile;
export const CARGANDO_USUARIO = 'Cargando información del usuario...';
export const BTN_VOLVER = 'Volver a la lista';
export const BTN_EDITAR = 'Editar';
export const BTN_VER_EMPLEADO = 'Ver empleado';
export const NO_VINCULADO = 'No vinculado a empleado';
export const DETALLE = {
  puesto: 'Puesto',
  nacimiento: 'Fecha de Nacimiento',
  direccion: 'Dirección',
  rol: 'Rol',
  correo: 'Correo Electrónico',
  telefono: 'Teléfono',
} as const;
export const INTERIOR = 'Int.';
export const CP = 'CP';
