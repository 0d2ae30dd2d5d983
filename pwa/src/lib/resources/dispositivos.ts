/**
 * A person's devices and 'Estado del sistema' (couch-design/sesion/dispositivos.ts,
 * couch-design/estado.ts), declared once for the screens that read them: the own profile's
 * 'Mis dispositivos', an admin's user screen and the system status. Behind the gateway: these
 * need the network.
 */
import type { EstadoAnswer } from '../../../../couch-design/estado';
import { ESTADO_PATH } from '../../../../couch-design/estado';
import {
  BORRAR_DISPOSITIVO_PATH,
  cerrarDispositivosPath,
  DISPOSITIVOS_PATH,
  dispositivosDeUsuarioPath,
  type Dispositivo,
  type DispositivosAnswer,
} from '../../../../couch-design/sesion/dispositivos';
import { api } from '../api';

export type { Dispositivo } from '../../../../couch-design/sesion/dispositivos';
export type { EstadoAnswer, EstadoPersona } from '../../../../couch-design/estado';

/** The signed-in person's own devices, this one marked `actual`. */
export async function misDispositivos(): Promise<Dispositivo[]> {
  return (await api.get<DispositivosAnswer>(DISPOSITIVOS_PATH)).dispositivos;
}

/** 'Borrar datos de este dispositivo' on one of one's own devices; answers the gateway's message. */
export async function borrarDispositivo(id: string): Promise<string> {
  return (await api.post<{ message: string }>(BORRAR_DISPOSITIVO_PATH, { dispositivo: id })).message;
}

/** One person's devices (an admin's view). */
export async function dispositivosDe(userId: string): Promise<Dispositivo[]> {
  return (await api.get<DispositivosAnswer>(dispositivosDeUsuarioPath(userId))).dispositivos;
}

/** 'Cerrar sesión en todos los dispositivos' of a person (admins); answers the gateway's message. */
export async function cerrarSesionesDe(userId: string): Promise<string> {
  return (await api.post<{ message: string }>(cerrarDispositivosPath(userId))).message;
}

/** 'Estado del sistema' (admins). */
export function estadoDelSistema(): Promise<EstadoAnswer> {
  return api.get<EstadoAnswer>(ESTADO_PATH);
}
