/** `/db/nominas`: each person pulls the payslips of their own linked employee; the payroll policy refuses every push. */
import { nominaWritePolicy } from '../../../couch-design/nomina/write-policy';
import { inNominasScope, nominasSelector } from '../../../couch-design/scope';
import type { SyncedDb } from '../sync/databases';

export const nominasSynced: SyncedDb = {
  name: 'nominas',
  selector: nominasSelector,
  inScope: inNominasScope,
  wholeDatabase: () => false,
  writePolicy: nominaWritePolicy,
};
