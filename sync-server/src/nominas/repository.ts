/** Store access for payroll: one payslip, one employee's payslips, and the names of the employees payslips name. */
import { NOMINAS_BY_EMPLEADO } from '../../../couch-design/design-docs/index';
import type { Empleado } from '../../../couch-design/empleado';
import type { Nomina } from '../../../couch-design/nomina';
import { fullName } from '../../../couch-design/usuario';
import { DocRepository } from '../store/doc-repository';
import type { Store, StoreDoc, WriteResult } from '../store/port';

/**
 * The most payslips read for one employee: two a month for four centuries. Lists filter and sort
 * in memory with the shared rules (stored dates may be dd/mm/yyyy, which no index orders), so
 * reads that mean "all" still pass a limit.
 */
export const MAX_NOMINAS_POR_EMPLEADO = 10_000;

/** What payroll reads of employees: their records by id (the app's employees repository). */
export type EmpleadosReader = Pick<DocRepository<Empleado>, 'getMany'>;

export class NominasRepository {
  constructor(
    private readonly nominas: DocRepository<Nomina>,
    private readonly empleados: EmpleadosReader,
  ) {}

  static async open(store: Store, empleados?: EmpleadosReader): Promise<NominasRepository> {
    return new NominasRepository(
      new DocRepository<Nomina>(await store.db('nominas'), 'nomina'),
      empleados ?? new DocRepository<Empleado>(await store.db('empleados'), 'empleado'),
    );
  }

  /** The current payslip, or null when missing, deleted or not a payslip. */
  get(id: string): Promise<Nomina | null> {
    return this.nominas.get(id);
  }

  /** Every payslip of one employee, undated ones included, in no particular order. */
  async ofEmpleado(empleadoId: string): Promise<Nomina[]> {
    const { docs } = await this.nominas.db.find({
      selector: { empleadoId },
      use_index: [NOMINAS_BY_EMPLEADO.ddoc, NOMINAS_BY_EMPLEADO.name],
      limit: MAX_NOMINAS_POR_EMPLEADO,
    });
    return docs.filter((d) => d.type === 'nomina' && !d._deleted) as unknown as Nomina[];
  }

  /** Full names of the employees among these ids (absent: no such employee). Nothing else of the records leaves. */
  async empleadoNombres(ids: string[]): Promise<Map<string, string>> {
    const found = await this.empleados.getMany(ids);
    return new Map(found.map((e) => [e._id, fullName(e)]));
  }

  /** A revision or a deletion (tombstones keep `type` and `empleadoId`); a stale `_rev` throws the store's conflict. */
  put(doc: StoreDoc): Promise<WriteResult> {
    return this.nominas.db.put(doc);
  }
}
