/**
 * What the gateway says about itself: `GET /api/ready` (readiness, docs/operacion.md «Salud y
 * disponibilidad») and, for admins, `GET /api/estado` ('Estado del sistema', issue 32 item 4):
 * that readiness with the store's kind and answer time, and every person's devices.
 */
import type { Dispositivo } from './sesion/dispositivos';

export const ESTADO_PATH = '/api/estado';

export type CheckState = 'ok' | 'falla';

export interface Check {
  estado: CheckState;
  /** Milliseconds the check took. */
  ms: number;
  detalle?: string;
}

export interface ReadyAnswer {
  listo: boolean;
  version: string;
  comprobado: string;
  comprobaciones: { almacen: Check; directorio: Check; parada: Check };
}

export interface EstadoPersona {
  usuario: { id: string; nombre: string; email: string; role: string };
  dispositivos: Dispositivo[];
}

export interface EstadoAnswer {
  success: true;
  /** This gateway: its readiness checks and its release. */
  pasarela: ReadyAnswer;
  /** The store behind it: which kind, whether it answered the readiness probe and how fast. */
  almacen: { tipo: 'embedded' | 'couchdb'; responde: boolean; ms: number; detalle?: string };
  /** Everyone with an open session, by name, each with their devices (newest contact first). */
  personas: EstadoPersona[];
}
