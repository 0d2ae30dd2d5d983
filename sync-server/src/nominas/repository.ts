/** Store access for payroll: one payslip, one employee's payslips, and the employee a payslip names. */
import { NOMINAS_BY_EMPLEADO } from '../../../couch-design/design-docs/index';
import type { Nomina } from '../../../couch-design/nomina';
import { isNotFound, type Store, type StoreDb, type StoreDoc, type WriteResult } from '../store/port';
import { fullName } from '../../../couch-design/usuario';

/**
 * The most payslips read for one employee: two a month for four centuries. Lists filter and sort
 * in memory with the shared rules (stored dates may be dd/mm/yyyy, which no index orders), so
 * reads that mean "all" still pass a limit.
 */
export const MAX_NOMINAS_POR_EMPLEADO = 10_000;

export class NominasRepository {
  private constructor(
    private readonly db: StoreDb,
    private readonly empleados: StoreDb,
  ) {}

  static async open(store: Store): Promise<NominasRepository> {
    const [db, empleados] = await Promise.all([store.db('nominas'), store.db('empleados')]);
    return new NominasRepository(db, empleados);
  }

  /** The current payslip, or null when missing, deleted or not a payslip. */
  async get(id: string): Promise<Nomina | null> {
    const doc = await readDoc(this.db, id);
    return doc && doc.type === 'nomina' ? (doc as unknown as Nomina) : null;
  }

  /** Every payslip of one employee, undated ones included, in no particular order. */
  async ofEmpleado(empleadoId: string): Promise<Nomina[]> {
    const { docs } = await this.db.find({
      selector: { empleadoId },
      use_index: [NOMINAS_BY_EMPLEADO.ddoc, NOMINAS_BY_EMPLEADO.name],
      limit: MAX_NOMINAS_POR_EMPLEADO,
    });
    return docs.filter((d) => d.type === 'nomina') as unknown as Nomina[];
  }

  /** Full names of the employees among these ids (absent: no such employee). Nothing else of the records leaves. */
  async empleadoNombres(ids: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const id of new Set(ids)) {
      const doc = await readDoc(this.empleados, id);
      if (doc && doc.type === 'empleado') out.set(id, fullName(doc as Parameters<typeof fullName>[0]));
    }
    return out;
  }

  put(doc: StoreDoc): Promise<WriteResult> {
    return this.db.put(doc);
  }
}

async function readDoc(db: StoreDb, id: string): Promise<StoreDoc | null> {
  try {
    const doc = await db.get(id);
    return doc._deleted ? null : doc;
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}
