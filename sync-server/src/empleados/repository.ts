import { isNotFound, type Store, type StoreDb } from '../store/port';

export interface EmpleadoLink { _id: string; userId?: string | null }

export class EmpleadosRepository {
  private constructor(private readonly db: StoreDb) {}

  static async open(store: Store): Promise<EmpleadosRepository> {
    return new EmpleadosRepository(await store.db('empleados'));
  }

  /** The employee whose `userId` points at this user (the employee-to-user direction of the link). */
  async findByUserId(userId: string): Promise<EmpleadoLink | null> {
    const { docs } = await this.db.find({ selector: { type: 'empleado', userId }, fields: ['_id', 'userId'], limit: 1 });
    return (docs[0] as unknown as EmpleadoLink) ?? null;
  }

  async exists(id: string): Promise<boolean> {
    try {
      const doc = await this.db.get(id);
      return doc.type === 'empleado';
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
  }
}
