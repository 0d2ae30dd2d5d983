/** Spanish texts of 'Estado del sistema' (ours: issue 32 item 4). */
import { SCREEN_TITLE } from '../../lib/titles';

export const TITLE = SCREEN_TITLE.estado;
export const BTN_ACTUALIZAR = 'Actualizar';
export const CARGANDO_ESTADO = 'Consultando el estado del sistema...';
export const ERROR_CARGAR = 'No se pudo consultar el estado del sistema.';

export const CARD_PASARELA = 'Pasarela';
export const CARD_ALMACEN = 'Base de datos';
export const CARD_PERSONAS = 'Personas y dispositivos';

export const LISTA = 'Lista para atender';
export const NO_LISTA = 'No está lista';
export const VERSION = 'Versión';
export const COMPROBADO = 'Comprobado';
export const COMPROBACION = {
  almacen: 'La base de datos responde',
  directorio: 'La lista de captaciones está al día',
  parada: 'La pasarela no se está deteniendo',
} as const;
export const OK = 'Correcto';
export const FALLA = 'Falla';
export const ms = (n: number): string => `${n.toLocaleString('es-MX')} ms`;

export const TIPO = 'Tipo';
export const TIPO_ALMACEN = { embedded: 'Integrada (PouchDB en LevelDB)', couchdb: 'Apache CouchDB' } as const;
export const RESPONDE = 'Responde';
export const TIEMPO_RESPUESTA = 'Tiempo de respuesta';
export const DETALLE = 'Detalle';

export const SIN_PERSONAS = 'Nadie tiene una sesión abierta.';
const cuantos = (n: number, one: string, many: string): string => (n === 1 ? `1 ${one}` : `${n.toLocaleString('es-MX')} ${many}`);
export const cuantosDispositivos = (n: number): string => cuantos(n, 'dispositivo', 'dispositivos');
export const personasResumen = (personas: number, dispositivos: number): string => `${cuantos(personas, 'persona', 'personas')} con ${cuantosDispositivos(dispositivos)}.`;
