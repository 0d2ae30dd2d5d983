/**
 * The rules of a person's devices (docs/architecture.md «Dispositivos»): everyone sees and erases
 * their own; an admin sees anyone's and ends them all. Every check is made here, on the gateway;
 * a device of someone else is answered as not found, never as forbidden (its id tells nothing).
 */
import { canCloseUserDevices, canEditUser } from '../../../couch-design/roles';
import { borrarDispositivoSchema } from '../../../couch-design/sesion/dispositivo-schema';
import { DISPOSITIVO_MSG, type Dispositivo } from '../../../couch-design/sesion/dispositivos';
import type { Devices } from '../auth/devices';
import type { Actors, AuthUser } from '../http/actor';
import { HttpError } from '../http/errors';
import { assertCapability } from '../http/guards';
import { validateBody } from '../http/validate';

export interface DispositivosDeps {
  devices: Pick<Devices, 'of' | 'erase' | 'endAll'>;
  people: Pick<Actors, 'resolve'>;
}

export class DispositivosService {
  constructor(private readonly deps: DispositivosDeps) {}

  /** 'Mis dispositivos': the asker's own open sessions, `sid` marked as this one. */
  own(actor: AuthUser, sid: string | undefined): Promise<Dispositivo[]> {
    return this.deps.devices.of(actor.id, sid);
  }

  /** 'Borrar datos de este dispositivo' on one of the asker's own devices. */
  async eraseOwn(actor: AuthUser, body: unknown): Promise<void> {
    const { dispositivo } = await validateBody(borrarDispositivoSchema, body);
    if (!(await this.deps.devices.erase(actor.id, dispositivo))) throw new HttpError(404, DISPOSITIVO_MSG.noEncontrado);
  }

  /** One person's devices: an admin, or the person themselves. */
  async ofUser(actor: AuthUser, userId: string, sid: string | undefined): Promise<Dispositivo[]> {
    if (!canEditUser(actor, userId)) throw new HttpError(403, DISPOSITIVO_MSG.soloAdmins);
    await this.mustExist(userId);
    return this.deps.devices.of(userId, sid);
  }

  /**
   * 'Cerrar sesión en todos los dispositivos' of a person: admins only. An admin doing it to
   * themselves keeps the session they asked from. Answers how many sessions ended.
   */
  async endAllOf(actor: AuthUser, userId: string, sid: string | undefined): Promise<number> {
    assertCapability(actor, canCloseUserDevices, DISPOSITIVO_MSG.soloAdmins);
    await this.mustExist(userId);
    return this.deps.devices.endAll(userId, userId === actor.id ? sid : undefined);
  }

  private async mustExist(userId: string): Promise<void> {
    if (!(await this.deps.people.resolve(userId))) throw new HttpError(404, DISPOSITIVO_MSG.usuarioNoEncontrado);
  }
}
