/**
 * A person's devices are their open sessions (docs/architecture.md «Dispositivos»), each with what
 * DeviceActivity knows of it, named outside the gateway only by its opaque id (deviceIdOf). Ending
 * them goes through the session store's wipe marks: the device wipes that person's data at its
 * next contact (auth/routes.ts, sessionAnswer). Who may ask is the features' business (dispositivos/).
 */
import type { Dispositivo } from '../../../couch-design/sesion/dispositivos';
import type { DeviceActivity, DeviceRecord } from './device-activity';
import { UNKNOWN_DEVICE } from './device-label';
import type { OpenSession, StoreSessionStore } from './session-store';

const iso = (ms: number | undefined): string | null => (ms === undefined ? null : new Date(ms).toISOString());

function toDispositivo(session: OpenSession, record: DeviceRecord | undefined, currentSid: string | undefined): Dispositivo {
  return {
    id: session.deviceId,
    etiqueta: record?.etiqueta ?? UNKNOWN_DEVICE,
    inicio: iso(session.created),
    ultimo_contacto: iso(record?.contacto ?? session.created),
    ultima_sincronizacion: iso(record?.sincronizado),
    rechazados: record?.rechazados ?? 0,
    actual: session.sid === currentSid,
  };
}

/** The current device first, then the most recently heard from. */
const byContact = (a: Dispositivo, b: Dispositivo): number =>
  Number(b.actual) - Number(a.actual) || (b.ultimo_contacto ?? '').localeCompare(a.ultimo_contacto ?? '');

export class Devices {
  constructor(
    private readonly sessions: Pick<StoreSessionStore, 'openSessions' | 'revokeSession' | 'revokeUser'>,
    private readonly activity: Pick<DeviceActivity, 'read'>,
  ) {}

  /** Every person's devices (`userId` null) or one person's, by person. */
  async byPerson(userId: string | null, currentSid: string | undefined): Promise<Map<string, Dispositivo[]>> {
    const open = await this.sessions.openSessions(userId);
    const records = await this.activity.read(open.map((s) => s.deviceId));
    const out = new Map<string, Dispositivo[]>();
    for (const s of open) {
      const list = out.get(s.userId) ?? [];
      list.push(toDispositivo(s, records.get(s.deviceId), currentSid));
      out.set(s.userId, list);
    }
    for (const list of out.values()) list.sort(byContact);
    return out;
  }

  async of(userId: string, currentSid: string | undefined): Promise<Dispositivo[]> {
    return (await this.byPerson(userId, currentSid)).get(userId) ?? [];
  }

  /** 'Borrar datos de este dispositivo': false when `deviceId` is none of `userId`'s open sessions. */
  async erase(userId: string, deviceId: string): Promise<boolean> {
    const session = (await this.sessions.openSessions(userId)).find((s) => s.deviceId === deviceId);
    return session ? this.sessions.revokeSession(userId, session.sid, 'dispositivo') : false;
  }

  /** 'Cerrar sesión en todos los dispositivos' of `userId`, but `exceptSid` (the asker's own session). */
  endAll(userId: string, exceptSid: string | undefined): Promise<number> {
    return this.sessions.revokeUser(userId, exceptSid, { wipeDevices: true, reason: 'todos' });
  }
}

