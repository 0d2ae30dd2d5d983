/**
 * The signed-in person's own payslips, from their local database (docs/architecture.md section 5): the sync
 * engine pulls them from `/db/nominas` (the gateway lets through only the person's linked
 * employee's payslips) and keeps them live, so 'Mi Nómina' and the profile's 'Nóminas' tab work
 * offline and follow an admin's changes as they happen.
 */
import { compareNominasNewestFirst, type Nomina } from '../../../../../couch-design/nomina';
import { NOMINA } from '../../../../../couch-design/nomina/entity';
import { localResource } from '../../../lib/data';

export const misNominas = localResource<Nomina>({
  db: NOMINA.database,
  selector: { type: 'nomina' },
  accepts: (doc) => doc.type === 'nomina',
  compare: compareNominasNewestFirst,
});
