import { describe, expect, it } from 'vitest';
import type { Nomina } from '../../../couch-design/nomina';
import { decideNomina, type NominaWrite } from './policy';

const admin = { id: 'u-admin', role: 'Administrador', empleado_id: null };
const owner = { id: 'u-maria', role: 'user', empleado_id: 'emp-maria' };
const other = { id: 'u-jorge', role: 'user', empleado_id: 'emp-jorge' };
const maria = { _id: 'emp-maria', prim_nom: 'María', apell_pa: 'López', apell_ma: 'Sánchez' };
const current: Nomina = { _id: 'n1', _rev: '1-a', type: 'nomina', empleadoId: 'emp-maria', empleado: 'María López', conceptoDePago: 'Quincena', salario: 9000, fecha: '2026-11-15' };
const body = { conceptoDePago: 'Quincena', salario: 9000, fecha: '15/11/2026', empleadoId: 'emp-maria', empleado: 'Inventado' };

const write = (w: Partial<NominaWrite>): NominaWrite => ({ via: 'rest', actor: admin, id: 'n1', current: null, body, empleado: maria, ...w });

describe('payroll write policy', () => {
  it('refuses every write through replication, admins included', () => {
    expect(decideNomina(write({ via: 'replication' }))).toEqual({ ok: false, status: 403, reason: 'Las nóminas solo las registra un administrador desde la sección de nóminas.' });
  });

  it('lets only admins write; who cannot read the payslip is told it does not exist', () => {
    expect(decideNomina(write({ actor: owner, current }))).toMatchObject({ ok: false, status: 403 });
    expect(decideNomina(write({ actor: owner }))).toMatchObject({ ok: false, status: 403 });
    expect(decideNomina(write({ actor: other, current }))).toMatchObject({ ok: false, status: 404, reason: 'No se encontró la nómina.' });
  });

  it("stores the validated fields, the ISO date and the employee's name from the record", () => {
    expect(decideNomina(write({}))).toEqual({
      ok: true,
      doc: { _id: 'n1', type: 'nomina', empleadoId: 'emp-maria', empleado: 'María López Sánchez', conceptoDePago: 'Quincena', salario: 9000, fecha: '2026-11-15' },
    });
  });

  it('needs an existing employee, and never moves a payslip to another one', () => {
    expect(decideNomina(write({ empleado: null }))).toMatchObject({ ok: false, status: 404, reason: 'No se encontró el empleado.' });
    expect(decideNomina(write({ current, body: { ...body, empleadoId: 'emp-jorge' } }))).toMatchObject({ ok: false, status: 400 });
  });

  it('keeps type and empleadoId on a deletion so the owner device learns of it', () => {
    expect(decideNomina(write({ current, deleted: true, body: null }))).toEqual({
      ok: true,
      doc: { _id: 'n1', _rev: '1-a', _deleted: true, type: 'nomina', empleadoId: 'emp-maria' },
    });
  });

  it('refuses ids that could name a design or local document', () => {
    for (const id of ['_design/x', '_local/x', 'a/b', '']) expect(decideNomina(write({ id }))).toMatchObject({ ok: false, status: 400 });
  });
});
