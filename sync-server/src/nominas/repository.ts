/** Store access for payroll: one payslip, one employee's payslips, and the names of the employees payslips name. */
import { NOMINAS_BY_EMPLEADO } from '../../../couch-design/design-docs/index';
import type { Empleado } from '../../../couch-design/empleado';
import { fullName } from '../../../couch-design/helpers/names';
import type { Nomina } from '../../../couch-design/nomina';
import { NOMINA } from '../../../couch-design/nomina/entity';
import type { RecordsById } from '../policy/facts';
import { DocRepository } from '../store/doc-repository';
import type { Store, StoreDb } from '../store/port';

/**
 * The most payslips read for one employee: two a month for four centuries. Lists filter and sort
 * in memory with the shared rules (stored dates may be dd/mm/yyyy, which no index orders), so
 * reads that mean "all" still pass a limit.
 */
export const MAX_NOMINAS_POR_EMPLEADO = 10_000;

/** Payslips on the typed document repository: missing, deleted or other documents read as absent; a stale `_rev` throws the store's conflict. */
export class NominasRepository extends DocRepository<Nomina> {
  constructor(
    db: StoreDb,
    private readonly empleados: RecordsById<Empleado>,
  ) {
    super(db, 'nomina');
  }

  static async open(store: Store, empleados: RecordsById<Empleado>): Promise<NominasRepository> {
    return new NominasRepository(await store.db(NOMINA.database), empleados);
  }

  /** Every payslip of one employee, undated ones included, in no particular order. */
  ofEmpleado(empleadoId: string): Promise<Nomina[]> {
    return this.find({ empleadoId }, { limit: MAX_NOMINAS_POR_EMPLEADO, index: NOMINAS_BY_EMPLEADO });
  }

  /** Full names of the employees among these ids (absent: no such employee). Nothing else of the records leaves. */
  async empleadoNombres(ids: string[]): Promise<Map<string, string>> {
    const found = await this.empleados.getMany(ids);
    return new Map(found.map((e) => [e._id, fullName(e)]));
  }
}
