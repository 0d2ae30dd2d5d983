/**
 * What a device keeps of the captaciones (issue 34, docs/architecture.md «El conjunto del
 * dispositivo»): the endpoints both sides name and the texts the screens show. The body the forget
 * endpoint validates is in device-set-schema.ts, so that the list's code does not load yup.
 */

/** `GET`: the ids of the person's device set and those they pinned (`DeviceSetAnswer`). */
export const DEVICE_SET_PATH = '/api/captaciones/sin-conexion';

/**
 * The most rows one page of `GET /api/captaciones` may ask for (spec 7): the device reads the whole
 * scope's rows for 'Exportar CSV' a page of this size at a time.
 */
export const LIST_MAX_LIMIT = 100;

/** `PUT` pins a captación on the person's devices, `DELETE` unpins it (`PinAnswer`). */
export const pinPath = (id: string): string => `/api/captaciones/${encodeURIComponent(id)}/sin-conexion`;

/**
 * `POST { ids }`: the device dropped these captaciones for its storage budget (docs/architecture.md
 * «Espacio del dispositivo»); the gateway forgets that the person opened or edited them
 * (`ForgetAnswer`). Pins and advised ones are not marks it forgets.
 */
export const DEVICE_SET_FORGET_PATH = `${DEVICE_SET_PATH}/olvidar`;

/** Ids one request may name: a budget pass drops at most the device's set. */
export const MAX_FORGET_IDS = 5_000;

export const FORGET_TEXT = {
  idsRequeridos: 'Indique las captaciones que el dispositivo quitó (ids).',
  idsDemasiados: `Como máximo ${MAX_FORGET_IDS} captaciones por petición.`,
  idNoValido: 'Cada captación se indica por su identificador, un texto de 1 a 200 caracteres.',
  olvidadas: 'Sus dispositivos ya no guardarán esas captaciones por haberlas abierto.',
} as const;

export interface ForgetAnswer {
  success: true;
  mensaje: string;
  /** How many of the named captaciones were marks the gateway held. */
  olvidadas: number;
}

export interface DeviceSetAnswer {
  success: true;
  /** Every captación the person's devices keep. */
  ids: string[];
  /** Those the person pinned. */
  fijadas: string[];
  /** Those the person advises. Neither these nor the pinned ones leave a device for its storage budget. */
  asesoradas: string[];
}

export interface PinAnswer {
  success: true;
  mensaje: string;
  fijada: boolean;
}

export const DEVICE_SET_TEXT = {
  toggle: 'Disponible sin conexión',
  soloEnLinea: 'Solo en línea',
  fijada: 'La captación estará disponible sin conexión en sus dispositivos.',
  soltada: 'La captación ya no se guardará sin conexión, salvo que sea suya o la haya abierto estos días.',
  masEnLinea: 'Sin conexión se muestran las captaciones guardadas en este dispositivo; con conexión verá también las demás.',
  noFijada: 'No se pudo cambiar «Disponible sin conexión». Inténtelo de nuevo con conexión.',
  /** Offline the switch shows the last answer the gateway gave, and why it cannot change. */
  soloConConexion: 'Sin conexión: se muestra lo último que se supo; se cambia con conexión.',
  /** Offline, and this device never asked: unknown until it connects. */
  sinSaber: 'Sin conexión: se sabrá al volver la conexión.',
} as const;

/** The list's switch of one row: its accessible name says which captación it pins. */
export const pinLabelFor = (what: string): string => `${DEVICE_SET_TEXT.toggle}: ${what}`;
