/** Every gateway endpoint a screen reads, declared once (issue 21): features share them from here. */
export { borrarDispositivo, cerrarSesionesDe, dispositivosDe, estadoDelSistema, misDispositivos, type Dispositivo, type EstadoAnswer, type EstadoPersona } from './dispositivos';
export { empleadoDeUsuarioResource, empleadosResource, empleadoUrl, EMPLEADOS_URL, type EmpleadoBody } from './empleados';
export {
  createNomina,
  deleteNomina,
  descargarNominaUrl,
  fetchNominaPdf,
  getNomina,
  listNominasDeEmpleado,
  NOMINAS_MAX_LIMIT,
  updateNomina,
  verNominaUrl,
  type CreateNominaTexts,
  type NominasPage,
  type NominaUpdate,
  type NuevaNomina,
} from './nominas';
export { registroPublicoAbierto, setUsuarioPassword, usuarioPhotoUrl, usuariosResource, usuariosResourceBreve, usuarioUrl, USUARIOS_URL, type UsuarioBody } from './usuarios';
