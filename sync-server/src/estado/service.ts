/**
 * 'Estado del sistema' (issue 32 item 4; docs/operacion.md «Estado del sistema»): for admins, this
 * gateway's readiness and release (the same checks as `GET /api/ready`), the store's kind and
 * answer time, and every person with an open session, with their devices.
 */
import type { EstadoAnswer, EstadoPersona } from '../../../couch-design/estado';
import type { Devices } from '../auth/devices';
import type { Actors, AuthUser } from '../http/actor';
import { assertCapability } from '../http/guards';
import { canViewSystemStatus } from '../../../couch-design/roles';
import type { Readiness } from '../http/readiness';
import type { Store } from '../store/port';

export const SOLO_ADMINS = 'Solo un administrador puede ver el estado del sistema.';

export interface EstadoDeps {
  readiness: Pick<Readiness, 'answer'>;
  store: Pick<Store, 'kind'>;
  devices: Pick<Devices, 'byPerson'>;
  people: Pick<Actors, 'resolve'>;
}

export class EstadoService {
  constructor(private readonly deps: EstadoDeps) {}

  async estado(actor: AuthUser, sid: string | undefined): Promise<EstadoAnswer> {
    assertCapability(actor, canViewSystemStatus, SOLO_ADMINS);
    const [pasarela, byPerson] = await Promise.all([this.deps.readiness.answer(), this.deps.devices.byPerson(null, sid)]);
    const probe = pasarela.comprobaciones.almacen;
    const found = await Promise.all(
      [...byPerson].map(async ([id, dispositivos]): Promise<EstadoPersona | null> => {
        const u = await this.deps.people.resolve(id);
        // Sessions of an account deleted meanwhile are being ended: nobody to show them under.
        return u ? { usuario: { id: u.id, nombre: u.nombre, email: u.email, role: u.role }, dispositivos } : null;
      }),
    );
    const personas = found.filter((p): p is EstadoPersona => p !== null).sort((a, b) => a.usuario.nombre.localeCompare(b.usuario.nombre, 'es'));
    return {
      success: true,
      pasarela,
      almacen: { tipo: this.deps.store.kind, responde: probe.estado === 'ok', ms: probe.ms, ...(probe.detalle ? { detalle: probe.detalle } : {}) },
      personas,
    };
  }
}
