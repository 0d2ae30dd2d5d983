/** Store access for employees (`empleados` database). */
import type { Empleado } from '../../../couch-design/empleado';
import { EMPLEADO } from '../../../couch-design/empleado/entity';
import { DocRepository } from '../store/doc-repository';
import type { Store, StoreDb } from '../store/port';

export type EmpleadoLink = Pick<Empleado, '_id' | 'userId'>;

export class EmpleadosRepository extends DocRepository<Empleado> {
  private constructor(db: StoreDb) {
    super(db, 'empleado');
  }

  static async open(store: Store): Promise<EmpleadosRepository> {
    return new EmpleadosRepository(await store.db(EMPLEADO.database));
  }

  /** The employee whose `userId` points at this user (the employee-to-user direction of the link). */
  async findByUserId(userId: string): Promise<Empleado | null> {
    return (await this.find({ userId }, { limit: 1 }))[0] ?? null;
  }

  async exists(id: string): Promise<boolean> {
    return (await this.get(id)) !== null;
  }
}
