/**
 * The nominas database: one `nomina` per payslip. Each person pulls the payslips of their own
 * linked employee to read them offline; admins write them through REST, and the payroll policy
 * refuses every push from a device.
 */
import { declareEntity, mangoIndex, policyLoader } from '../entity';
import { inNominasScope, nominasSelector } from '../scope';

export const NOMINAS_READ_ONLY = 'Las nóminas no se modifican en este dispositivo.';

export const NOMINAS_BY_EMPLEADO_FECHA = mangoIndex('nominas-empleado-fecha', ['empleadoId', 'fecha']);

/**
 * Every payslip of one employee, dated or not: the REST list filters and orders them in memory
 * with the shared rules, since legacy dates (dd/mm/yyyy) sort wrongly as text and a payslip
 * without a date ('N/A') is in no index that holds `fecha`.
 */
export const NOMINAS_BY_EMPLEADO = mangoIndex('nominas-empleado', ['empleadoId']);

export const NOMINA = declareEntity({
  database: 'nominas',
  docTypes: ['nomina'],
  names: { one: 'recibo de nómina', many: 'recibos de nómina' },
  indexes: [NOMINAS_BY_EMPLEADO_FECHA, NOMINAS_BY_EMPLEADO],
  sync: {
    scope: { selector: nominasSelector, inScope: inNominasScope, wholeDatabase: () => false },
    loadWritePolicy: policyLoader(() => import('./write-policy').then((m) => m.nominaWritePolicy)),
    device: { pushed: false, readOnly: NOMINAS_READ_ONLY },
  },
});
