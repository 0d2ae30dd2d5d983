import { describe, expect, it } from 'vitest';
import type { WriteUser } from '../write-policy';
import type { Nomina } from './types';
import { decideNominaWrite, NOMINA_WRITE_MSG, nominaEmpleadosNamed, type NominaFacts } from './write-policy';

const person = (id: string, role: string, empleado_id: string | null): WriteUser => ({ id, role, empleado_id, nombre: id, email: `${id}@ejemplo.mx` });
const admin = person('u-admin', 'Administrador', null);
const owner = person('u-maria', 'user', 'emp-maria');
const other = person('u-jorge', 'user', 'emp-jorge');
const facts: NominaFacts = { existingUsers: new Set(), empleados: new Map([['emp-maria', 'María López Sánchez']]) };
const current: Nomina = { _id: 'n1', _rev: '1-a', type: 'nomina', empleadoId: 'emp-maria', empleado: 'María López', conceptoDePago: 'Quincena', salario: 9000, fecha: '2026-11-15', url: '/archivo/n1.pdf' };
const body = { _id: 'n1', conceptoDePago: 'Quincena', salario: '9000', fecha: '15/11/2026', empleadoId: 'emp-maria', empleado: 'Inventado', role: 'administrator' };

const api = (doc: Record<string, unknown>) => ({ doc, source: 'api' as const, now: '2026-11-16T10:00:00.000Z' });
const create = { base: null, winner: null };
const edit = { base: current as unknown as Record<string, unknown>, winner: current as unknown as Record<string, unknown> };

describe('payroll write policy', () => {
  it('refuses every revision a device pushes, admins included', () => {
    expect(decideNominaWrite({ ...api(body), source: 'device' }, create, admin, facts)).toEqual({ ok: false, status: 403, reason: NOMINA_WRITE_MSG.sincronizacion });
  });

  it('lets only admins write; a person who cannot read the payslip is told it does not exist', () => {
    expect(decideNominaWrite(api(body), create, owner, facts)).toMatchObject({ ok: false, status: 403, reason: NOMINA_WRITE_MSG.soloAdmin });
    expect(decideNominaWrite(api(body), edit, owner, facts)).toMatchObject({ ok: false, status: 403 });
    expect(decideNominaWrite(api(body), edit, other, facts)).toMatchObject({ ok: false, status: 404, reason: NOMINA_WRITE_MSG.notFound });
  });

  it("stores the validated fields, the ISO date and the employee's name from the record, dropping unknown fields", () => {
    expect(decideNominaWrite(api(body), create, admin, facts)).toEqual({
      ok: true,
      doc: { _id: 'n1', type: 'nomina', empleadoId: 'emp-maria', empleado: 'María López Sánchez', conceptoDePago: 'Quincena', salario: 9000, fecha: '2026-11-15' },
    });
  });

  it('keeps the stored PDF link unless the body says otherwise', () => {
    const kept = decideNominaWrite(api({ ...body, _rev: '1-a' }), edit, admin, facts);
    expect(kept).toMatchObject({ ok: true, doc: { _rev: '1-a', url: '/archivo/n1.pdf' } });
    const removed = decideNominaWrite(api({ ...body, url: '' }), edit, admin, facts);
    expect(removed.ok && 'url' in removed.doc).toBe(false);
  });

  it('needs an existing employee, and never moves a payslip to another one', () => {
    expect(decideNominaWrite(api({ ...body, empleadoId: 'emp-x' }), create, admin, facts)).toMatchObject({ ok: false, status: 404, reason: NOMINA_WRITE_MSG.empleadoNotFound });
    expect(decideNominaWrite(api({ ...body, empleadoId: 'emp-jorge' }), edit, admin, facts)).toMatchObject({ ok: false, status: 400, reason: NOMINA_WRITE_MSG.cambioEmpleado });
    expect(nominaEmpleadosNamed({ empleadoId: 'emp-jorge' }, edit)).toEqual(['emp-maria']);
    expect(nominaEmpleadosNamed({ empleadoId: ' emp-jorge ' })).toEqual(['emp-jorge']);
  });

  it('keeps type and empleadoId on a deletion, so the owner device learns of it', () => {
    expect(decideNominaWrite(api({ _id: 'n1', _deleted: true }), edit, admin, facts)).toEqual({
      ok: true,
      doc: { _id: 'n1', _rev: '1-a', _deleted: true, type: 'nomina', empleadoId: 'emp-maria' },
    });
    expect(decideNominaWrite(api({ _id: 'n1', _deleted: true }), create, admin, facts)).toMatchObject({ ok: false, status: 404 });
  });

  it('refuses bad fields with the schema messages', () => {
    expect(decideNominaWrite(api({ ...body, salario: -1 }), create, admin, facts)).toMatchObject({ ok: false, status: 400, reason: 'El salario no puede ser negativo' });
  });
});
