/**
 * What a device keeps of the captaciones (issue 34, docs/architecture.md «El conjunto del
 * dispositivo»): the endpoints both sides name and the texts the screens show.
 */

/** `GET`: the ids of the person's device set and those they pinned (`DeviceSetAnswer`). */
export const DEVICE_SET_PATH = '/api/captaciones/sin-conexion';

/** `PUT` pins a captación on the person's devices, `DELETE` unpins it (`PinAnswer`). */
export const pinPath = (id: string): string => `/api/captaciones/${encodeURIComponent(id)}/sin-conexion`;

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
} as const;
