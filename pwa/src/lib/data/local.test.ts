import { eventually, leaveDevice, signInOnDevice as signInAs } from '../../testing/local-data';
import { afterEach, describe, expect, it } from 'vitest';
import { compareNominasNewestFirst, type Nomina } from '../../../../couch-design/nomina';
import { getLocalDb } from '../db/index';
import { setActiveUser, wipeLocalDbs } from '../db/registry';
import { localResource } from './local';
import { EVERY_RECORD } from './resource';

afterEach(leaveDevice);

const nominas = localResource<Nomina>({
  db: 'nominas',
  selector: { type: 'nomina' },
  accepts: (doc) => doc.type === 'nomina',
  compare: compareNominasNewestFirst,
});

const payslip = (n: number, fecha: string): Nomina => ({
  _id: `nom-${String(n).padStart(3, '0')}`, type: 'nomina', empleadoId: 'emp-1', empleado: 'Ana', conceptoDePago: `Quincena ${n}`, salario: 1000 + n, fecha,
});

/** What replication does: documents written straight into the device's database (the API refuses payslip writes). */
const arrive = (docs: object[]) => getLocalDb('nominas').bulkDocs(docs as PouchDB.Core.PutDocument<object>[]);

describe('local resource (records this device holds)', () => {
  it('lists every record, past the 25 rows Mango answers by default, in the given order', async () => {
    signInAs();
    const docs = Array.from({ length: 60 }, (_, i) => payslip(i, `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`));
    await arrive([...docs, { _id: 'otro', type: 'captacion' }]);
    const list = await nominas.list();
    expect(list).toHaveLength(60);
    expect(list.map((n) => n._id)).toEqual([...docs].sort(compareNominasNewestFirst).map((n) => n._id));
    expect(nominas.source).toBe('local');
  });

  it('gets one record, and null for a missing one or a document of another type', async () => {
    signInAs();
    await arrive([payslip(1, '2025-01-15'), { _id: 'otro', type: 'captacion' }]);
    expect((await nominas.get('nom-001'))?.salario).toBe(1001);
    expect(await nominas.get('nom-999')).toBeNull();
    expect(await nominas.get('otro')).toBeNull();
  });

  it('reports each record that arrives or goes, and EVERY_RECORD when the database is wiped', async () => {
    const me = signInAs();
    const seen: string[] = [];
    const stop = nominas.watch((id) => seen.push(id));
    try {
      await arrive([payslip(1, '2025-01-15')]);
      await eventually(() => seen.includes('nom-001'), 'la nómina que llegó');
      const doc = await getLocalDb('nominas').get('nom-001');
      await getLocalDb('nominas').remove(doc);
      await eventually(() => seen.filter((id) => id === 'nom-001').length === 2, 'la nómina que se fue');
      await wipeLocalDbs(me);
      await eventually(() => seen.includes(EVERY_RECORD), 'el aviso del borrado');
      expect(await nominas.list()).toEqual([]);
    } finally {
      stop();
    }
  });

  it('refuses in Spanish when nobody is signed in on this device', async () => {
    setActiveUser(null);
    await expect(nominas.list()).rejects.toThrow('No hay una sesión iniciada en este dispositivo.');
  });
});
