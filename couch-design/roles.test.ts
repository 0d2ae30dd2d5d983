import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAnswers } from './testing/answers';
import {
  canCreateCaptacion, canDeleteCaptacion, canEditCaptacion, canEditUser, canChangeRoleOrLink, canManageEmployees,
  canManagePayroll, canManageUsers, canReassignCaptacion, canRestoreCaptacion, canViewDashboard, canViewEmployeeProfile, canViewUser, hasAdminBadge,
  hasOwnPayslips, isAdmin, isSupervisor, roleLabel, ROLE_OPTIONS, ASSIGNABLE_ROLES, assignableRole,
} from './roles';
import { canSeeCaptacion } from './scope';

// docs/architecture.md section 6, case by case.
describe('who is an admin', () => {
  it.each([
    ['administrator', true], ['Administrator', true], ['ADMINISTRATOR', true], ['Superadministrator', true],
    ['superadministrator', true], ['admin', true], ['Admin', true], ['administrador', true], ['Administrador', true],
    ['system administrator', true], ['ayudante de administrador', false], ['user', false], ['asesor', false],
    ['supervisor de obra', false], ['Supervisor', false], ['', false],
  ])('%s -> %s', (role, expected) => {
    expect(isAdmin(role)).toBe(expected);
    expect(canManageUsers(role)).toBe(expected);
    expect(canManageEmployees(role)).toBe(expected);
    expect(canManagePayroll(role)).toBe(expected);
    expect(canDeleteCaptacion(role)).toBe(expected);
    expect(canReassignCaptacion(role)).toBe(expected);
    expect(canRestoreCaptacion(role)).toBe(expected);
    expect(canViewDashboard(role)).toBe(expected);
  });

  it('ignores case, accents and surrounding spaces', () => {
    expect(isAdmin('  ADMINISTRADÓR ')).toBe(true);
  });

  it('styles any role containing admin as an admin badge, the helper included', () => {
    expectAnswers(hasAdminBadge, [
      ['ayudante de administrador', true],
      ['administrator', true],
      ['supervisor de obra', false],
    ]);
  });
});

describe('supervisors', () => {
  it.each([['supervisor', true], ['Supervisor de obra', true], ['SUPERVISOR', true], ['user', false], ['administrator', false]])(
    '%s -> %s', (role, expected) => expect(isSupervisor(role)).toBe(expected),
  );

  it('see only the captaciones whose adviser is their own user id', () => {
    const sup = { id: 'u-sup', role: 'supervisor de obra' };
    expect(canSeeCaptacion(sup, 'u-sup')).toBe(true);
    expect(canSeeCaptacion(sup, 'u-otro')).toBe(false);
    expect(canSeeCaptacion(sup, undefined)).toBe(false);
    expect(canSeeCaptacion(sup, { nombre: 'u-sup' })).toBe(false);
  });

  it('everyone else sees every captación', () => {
    for (const role of ['user', 'asesor', 'administrator', 'ayudante de administrador']) {
      expect(canSeeCaptacion({ id: 'x', role }, 'u-otro')).toBe(true);
    }
  });
});

describe('captaciones: create and edit', () => {
  it.each([
    ['administrator', true], ['admin', true], ['user', true], ['User', true], ['asesor', true], ['Asesor', true],
    ['supervisor de obra', false], ['ayudante de administrador', false], ['', false],
  ])('%s -> %s', (role, expected) => {
    expect(canCreateCaptacion(role)).toBe(expected);
    expect(canEditCaptacion(role)).toBe(expected);
  });
});

describe('own data', () => {
  it('everyone edits their own user, never their own role or link', () => {
    const me = { id: 'u1', role: 'user' };
    expect(canEditUser(me, 'u1')).toBe(true);
    expect(canEditUser(me, 'u2')).toBe(false);
    expect(canChangeRoleOrLink(me)).toBe(false);
    expect(canEditUser({ id: 'a', role: 'administrator' }, 'u2')).toBe(true);
    expect(canChangeRoleOrLink({ id: 'a', role: 'administrator' })).toBe(true);
  });

  it('a whole account is shown to admins and to its owner; anyone else sees only a name', () => {
    expect(canViewUser({ id: 'u1', role: 'user' }, 'u1')).toBe(true);
    expect(canViewUser({ id: 'u1', role: 'supervisor de obra' }, 'u2')).toBe(false);
    expect(canViewUser({ id: 'u1', role: 'ayudante de administrador' }, 'u2')).toBe(false);
    expect(canViewUser({ id: 'a', role: 'Administrador' }, 'u2')).toBe(true);
  });

  it('an employee profile is visible to admins and to the linked person only', () => {
    expect(canViewEmployeeProfile({ id: 'u1', role: 'user', empleado_id: 'e1' }, 'e1')).toBe(true);
    expect(canViewEmployeeProfile({ id: 'u1', role: 'user', empleado_id: 'e1' }, 'e2')).toBe(false);
    expect(canViewEmployeeProfile({ id: 'u1', role: 'user', empleado_id: null }, 'e2')).toBe(false);
    expect(canViewEmployeeProfile({ id: 'a', role: 'administrador' }, 'e2')).toBe(true);
  });

  it('own payslips need a linked employee, admins included', () => {
    expectAnswers(hasOwnPayslips, [
      [{ id: 'a', role: 'administrator' }, false],
      [{ id: 'a', role: 'administrator', empleado_id: 'e9' }, true],
      [{ id: 'u', role: 'user', empleado_id: 'e1' }, true],
    ]);
  });
});

describe('role labels', () => {
  it('capitalise the first letter and lower-case the rest, default Usuario', () => {
    expectAnswers(roleLabel, [
      ['supervisor de obra', 'Supervisor de obra'],
      ['AYUDANTE DE ADMINISTRADOR', 'Ayudante de administrador'],
      ['', 'Usuario'],
      [undefined, 'Usuario'],
    ]);
  });

  it('read in Spanish whatever language the role is stored in', () => {
    expectAnswers(roleLabel, [
      ['user', 'Usuario'],
      ['ADMINISTRATOR', 'Administrador'],
      ['administrador', 'Administrador'],
      ['Superadministrator', 'Superadministrador'],
      ['asesor', 'Asesor'],
    ]);
  });

  it('the role selector offers the five assignable roles of section 6, each with a Spanish label', () => {
    expect(ROLE_OPTIONS.map((o) => o.value)).toEqual([...ASSIGNABLE_ROLES]);
    expect(new Set(ROLE_OPTIONS.map((o) => o.label)).size).toBe(5);
    expectAnswers(assignableRole, [
      [' Administrador ', 'administrador'],
      ['SUPERVISOR DE OBRA', 'supervisor de obra'],
      ['Superadministrator', null],
      ['asesor', null],
    ]);
  });
});

describe('call sites', () => {
  // docs/architecture.md section 6: a permission is asked by its capability's name, so changing who
  // may do something is one line here. `isAdmin` stays only where the rule is about admins themselves.
  const ROOT = path.resolve(__dirname, '..');
  const ABOUT_ADMINS = new Set(['couch-design/roles.ts', 'sync-server/src/usuarios/repository.ts', 'sync-server/src/usuarios/service.ts', 'sync-server/src/personas/plans.ts']);
  const sources = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(rel);
      return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
    });

  it('name a capability of the matrix, never a role text or a bare admin check', () => {
    const adHoc = ['couch-design', 'sync-server/src', 'pwa/src'].flatMap(sources).flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      const found: string[] = [];
      if (/(?<!typeof\s[\w.?]*)\brole\s*[!=]==\s*['"]/.test(text)) found.push(`${file}: compara el texto de un rol`);
      if (/\bisAdmin\(/.test(text) && !ABOUT_ADMINS.has(file)) found.push(`${file}: isAdmin en lugar de una capacidad`);
      return found;
    });
    expect(adHoc).toEqual([]);
  });
});
