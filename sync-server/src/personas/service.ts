/**
 * Users and employees together: the changes that touch both (the link, deleting either side,
 * the last admin), run as transactions, and what follows them: the people affected are read
 * fresh on their next request (SessionUsers) and their devices re-scope on the next sync.
 */
import type { Empleado } from '../../../couch-design/empleado';
import type { Usuario } from '../../../couch-design/usuario';
import type { Actors } from '../http/actor';
import { HttpError } from '../http/errors';
import type { Store } from '../store/port';
import { bumpScopeEpoch } from '../sync/scope-epoch';
import { PERSONAS_MSG } from './messages';
import { assertPickable, deleteEmpleadoPlan, deleteUsuarioPlan, emptyPlan, linkPlan, unlinkEmpleadoPlan } from './plans';
import { PersonTransactions, type PersonRepositories, type Plan, type Reader } from './transaction';
import { log } from '../log';

export interface PersonasDeps extends PersonRepositories {
  store: Store;
  sessionUsers: Pick<Actors, 'invalidate'>;
}

export class Personas {
  private readonly tx: PersonTransactions;

  constructor(private readonly deps: PersonasDeps) {
    this.tx = new PersonTransactions(deps);
  }

  /** Runs a plan as a transaction, then refreshes the people it affected. */
  async run(plan: (read: Reader) => Promise<Plan>): Promise<void> {
    const { affectedUsers } = await this.tx.run(plan);
    await this.refresh(affectedUsers);
  }

  /**
   * Links user `userId` to employee `empleadoId`, or unlinks them when it is null. `reasignar`:
   * the admin confirmed taking the employee from the user who has it (else 409, plans.ts);
   * `expected`: the user's link as the admin's form showed it (LinkConsent).
   */
  link(userId: string, empleadoId: string | null, reasignar: boolean, expected?: string | null): Promise<void> {
    return this.run(async (read) =>
      linkPlan(read, await mustUsuario(read, userId), empleadoId ? await mustEmpleado(read, empleadoId, PERSONAS_MSG.empleadoInexistente, 400) : null, {
        from: 'usuario',
        reasignar,
        expected,
      }),
    );
  }

  /** Links employee `empleadoId` to user `userId`, or to nobody when it is null; `reasignar` as in `link`, for the user. */
  linkFromEmpleado(empleadoId: string, userId: string | null, reasignar: boolean): Promise<void> {
    return this.run(async (read) => {
      const e = await mustEmpleado(read, empleadoId, PERSONAS_MSG.empleadoNoEncontrado, 404);
      if (!userId) return unlinkEmpleadoPlan(read, e);
      const u = await read.usuario(userId);
      if (!u) throw new HttpError(400, PERSONAS_MSG.usuarioInexistente);
      return linkPlan(read, u, e, { from: 'empleado', reasignar });
    });
  }

  /** Before creating a person to link to `picked`: 409 when it is someone else's and the move was not confirmed. */
  async assertLinkable(picked: { empleadoId: string } | { userId: string }, reasignar: boolean): Promise<void> {
    if (reasignar) return;
    await this.tx.run(async (read) => {
      const doc = 'empleadoId' in picked ? await read.empleado(picked.empleadoId) : await read.usuario(picked.userId);
      // A missing one is refused by the caller's own check, and again by the link's plan.
      if (doc) await assertPickable(read, doc.type === 'empleado' ? { empleado: doc } : { usuario: doc }, false);
      return emptyPlan();
    });
  }

  /** Links a user created a moment ago; if that fails, the new user is removed again, so no half-made account stays. */
  linkNewUsuario(userId: string, empleadoId: string, reasignar: boolean): Promise<void> {
    return this.orUndo(this.link(userId, empleadoId, reasignar), () => this.deleteUsuario(userId), `el registro de ${userId}`);
  }

  /** Links an employee created a moment ago; if that fails, the new employee is removed again. */
  linkNewEmpleado(empleadoId: string, userId: string, reasignar: boolean): Promise<void> {
    return this.orUndo(this.linkFromEmpleado(empleadoId, userId, reasignar), () => this.deleteEmpleado(empleadoId), `el alta de ${empleadoId}`);
  }

  private async orUndo(step: Promise<void>, undo: () => Promise<void>, what: string): Promise<void> {
    try {
      await step;
    } catch (e) {
      await undo().catch((err) => log.error({ err }, `No se pudo deshacer ${what}`));
      throw e;
    }
  }

  deleteUsuario(userId: string): Promise<void> {
    return this.run(async (read) => deleteUsuarioPlan(read, await mustUsuario(read, userId)));
  }

  deleteEmpleado(empleadoId: string): Promise<void> {
    return this.run(async (read) => deleteEmpleadoPlan(read, await mustEmpleado(read, empleadoId, PERSONAS_MSG.empleadoNoEncontrado, 404)));
  }

  /**
   * The change is made; what follows must not turn it into an error the client would retry, so
   * a failed bump is logged. Forced: a role or link change moves what the person replicates.
   */
  async refresh(userIds: readonly string[]): Promise<void> {
    for (const id of new Set(userIds)) {
      this.deps.sessionUsers.invalidate(id);
      await bumpScopeEpoch(this.deps.store, id, this.deps.sessionUsers, { force: true }).catch((e) =>
        log.error({ err: e, usuario: id }, 'No se pudo renovar el alcance de sincronización'),
      );
    }
  }
}

export async function mustUsuario(read: Reader, id: string): Promise<Usuario> {
  const u = await read.usuario(id);
  if (!u) throw new HttpError(404, PERSONAS_MSG.usuarioNoEncontrado);
  return u;
}

async function mustEmpleado(read: Reader, id: string, message: string, status: number): Promise<Empleado> {
  const e = await read.empleado(id);
  if (!e) throw new HttpError(status, message);
  return e;
}
