import { describe, expect, it } from 'vitest';
import {
  adminPasswordSchema,
  linkEmpleadoSchema,
  ownPasswordSchema,
  signupSchema,
  userCreateSchema,
  userEditSchema,
} from './index';
import { check, missingFromEmpty } from '../testing/schema-check';


const OBLIGATORIO = 'Por favor complete todos los campos obligatorios.';

const registro = {
  prim_nom: 'Ana',
  segun_nom: 'Lucía',
  apell_pa: 'Pérez',
  apell_ma: 'Gómez',
  fecha_na: '1990-11-21',
  pust: 'Asesora inmobiliaria',
  calle: 'Av. Chapultepec',
  nun_ex: '210',
  num_in: '4B',
  codigo: '44160',
  telefono: '3312345678',
  email: 'ana.perez@ejemplo.mx',
  password: 'Segura-2026',
};

describe('sign-up (Registro de Usuario), spec 000 section 5', () => {
  it('requires first name, both surnames, birth date, job title, street, exterior number, postal code, phone, e-mail and password, with the one message', async () => {
    expect(await missingFromEmpty(signupSchema)).toEqual({
      fields: ['prim_nom', 'apell_pa', 'apell_ma', 'fecha_na', 'pust', 'calle', 'nun_ex', 'codigo', 'telefono', 'email', 'password'].sort(),
      messages: [OBLIGATORIO],
    });
  });

  it('treats blanks and null as missing, and leaves the second name and interior number optional', async () => {
    const { errors } = await check(signupSchema, { ...registro, prim_nom: '   ', calle: null, segun_nom: '', num_in: null });
    expect(errors).toEqual([['prim_nom', OBLIGATORIO], ['calle', OBLIGATORIO]]);
  });

  it('accepts a complete registration and stores it normalised', async () => {
    const { value, errors } = await check(signupSchema, { ...registro, email: '  Ana.Perez@Ejemplo.MX ', telefono: '(33) 1234-5678', prim_nom: ' Ana ' });
    expect(errors).toEqual([]);
    expect(value).toMatchObject({ email: 'ana.perez@ejemplo.mx', telefono: '3312345678', prim_nom: 'Ana' });
  });

  it('enforces the hints: password of at least 8 characters, phone of 10 digits, postal code of 5 digits', async () => {
    const { errors } = await check(signupSchema, { ...registro, password: '1234567', telefono: '33123', codigo: '441' });
    expect(errors).toEqual([
      ['telefono', 'El teléfono debe contener exactamente 10 dígitos numéricos'],
      ['codigo', 'El código postal debe contener 5 dígitos numéricos'],
      ['password', 'La contraseña debe tener al menos 8 caracteres'],
    ]);
    expect((await check(signupSchema, { ...registro, telefono: '33123456789' })).errors).toHaveLength(1);
    expect((await check(signupSchema, { ...registro, codigo: '4416a' })).errors).toHaveLength(1);
    expect((await check(signupSchema, { ...registro, password: 'x'.repeat(1025) })).errors).toEqual([
      ['password', 'La contraseña no puede tener más de 1024 caracteres'],
    ]);
  });

  it('takes the password as typed: spaces count and are kept', async () => {
    const { value } = await check(signupSchema, { ...registro, password: '  abc def  ' });
    expect(value?.password).toBe('  abc def  ');
  });

  it('refuses an e-mail that is not one', async () => {
    for (const email of ['ana', 'ana@', '@ejemplo.mx', 'ana perez@ejemplo.mx']) {
      expect((await check(signupSchema, { ...registro, email })).errors).toEqual([['email', 'El formato del correo electrónico no es válido']]);
    }
  });

  it('stores dates ISO, accepts dd/mm/yyyy, and refuses impossible or future birth dates', async () => {
    expect((await check(signupSchema, { ...registro, fecha_na: '05/03/1988' })).value?.fecha_na).toBe('1988-03-05');
    expect((await check(signupSchema, { ...registro, fecha_na: '1988-03-05T00:00:00.000Z' })).value?.fecha_na).toBe('1988-03-05');
    for (const fecha_na of ['31/02/1990', '1990-13-01', 'ayer', '00/01/1990', '01/01/1850']) {
      expect((await check(signupSchema, { ...registro, fecha_na })).errors).toEqual([['fecha_na', 'La fecha no es válida']]);
    }
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    expect((await check(signupSchema, { ...registro, fecha_na: nextYear })).errors).toEqual([
      ['fecha_na', 'La fecha de nacimiento no puede ser posterior a hoy'],
    ]);
  });

  it('stores num_in and accepts the other spelling nun_in', async () => {
    const { num_in: _n, ...sinNumIn } = registro;
    const { value } = await check(signupSchema, { ...sinNumIn, nun_in: '7' });
    expect(value?.num_in).toBe('7');
    expect(value).not.toHaveProperty('nun_in');
    expect((await check(signupSchema, { ...registro, nun_in: '9' })).value?.num_in).toBe('4B');
  });

  it('strips unknown fields, a role and an employee link: public sign-up cannot choose them', async () => {
    const { value } = await check(signupSchema, { ...registro, role: 'administrator', empleado_id: 'e1', password_hash: 'x', _id: 'mio', admin: true });
    expect(Object.keys(value!).sort()).toEqual(Object.keys(registro).sort());
  });

  it('refuses wrong-typed values as malformed, and reads a number typed as text', async () => {
    const { errors } = await check(signupSchema, { ...registro, prim_nom: true, password: 12345678 });
    expect(errors).toEqual([['prim_nom', 'El formato de los datos no es válido'], ['password', 'El formato de los datos no es válido']]);
    expect((await check(signupSchema, { ...registro, telefono: 3312345678, nun_ex: 210 })).value).toMatchObject({ telefono: '3312345678', nun_ex: '210' });
  });

  it('limits the length of texts', async () => {
    expect((await check(signupSchema, { ...registro, prim_nom: 'A'.repeat(81) })).errors).toEqual([['prim_nom', 'El texto no puede tener más de 80 caracteres']]);
  });
});

describe('create user (Crear Nuevo Usuario), dashboard mode', () => {
  it('adds the role, user by default, and an optional employee link', async () => {
    const { value } = await check(userCreateSchema, registro);
    expect(value).toMatchObject({ role: 'user' });
    expect((await check(userCreateSchema, { ...registro, role: '' })).value?.role).toBe('user');
    expect((await check(userCreateSchema, { ...registro, empleado_id: 'emp-1' })).value?.empleado_id).toBe('emp-1');
  });

  it('offers only the assignable roles of section 6, whatever their case', async () => {
    for (const role of ['user', 'administrator', 'administrador', 'supervisor de obra', 'ayudante de administrador']) {
      expect((await check(userCreateSchema, { ...registro, role })).value?.role).toBe(role);
    }
    expect((await check(userCreateSchema, { ...registro, role: 'Supervisor de Obra' })).value?.role).toBe('supervisor de obra');
    for (const role of ['Superadministrator', 'root', 'asesor']) {
      expect((await check(userCreateSchema, { ...registro, role })).errors).toEqual([['role', 'El rol seleccionado no es válido']]);
    }
  });

  it('refuses an employee id that could name a design document or a path', async () => {
    for (const empleado_id of ['_design/validation', 'a/b']) {
      expect((await check(userCreateSchema, { ...registro, empleado_id })).errors).toEqual([['empleado_id', 'El identificador no es válido']]);
    }
  });
});

describe('edit user (Editar Usuario)', () => {
  it('checks the fields sent with the create rules and keeps the ones left out', async () => {
    expect((await check(userEditSchema('user'), { pust: 'Gerente' })).value).toEqual({ pust: 'Gerente' });
    expect((await check(userEditSchema('user'), { prim_nom: '', telefono: '123' })).errors).toEqual([
      ['prim_nom', OBLIGATORIO],
      ['telefono', 'El teléfono debe contener exactamente 10 dígitos numéricos'],
    ]);
  });

  it('never takes a password: it has endpoints of its own', async () => {
    expect((await check(userEditSchema('user'), { password: 'Otra-clave-1', pust: 'x' })).value).toEqual({ pust: 'x' });
  });

  it('accepts the person\'s current role even when it is not assignable, and no other', async () => {
    expect((await check(userEditSchema('asesor'), { role: 'Asesor' })).value?.role).toBe('asesor');
    expect((await check(userEditSchema('asesor'), { role: 'root' })).errors).toEqual([['role', 'El rol seleccionado no es válido']]);
  });
});

describe('link and passwords', () => {
  it('links with an employee id; empty or null means unlink', async () => {
    expect((await check(linkEmpleadoSchema, { empleado_id: 'e-1' })).value).toEqual({ empleado_id: 'e-1' });
    expect((await check(linkEmpleadoSchema, { empleado_id: null })).value).toEqual({ empleado_id: '' });
  });

  it('a person changing their own password gives the current one and a new one of 8 or more', async () => {
    expect((await check(ownPasswordSchema, {})).errors).toEqual([
      ['password_actual', 'Por favor escriba su contraseña actual'],
      ['password_nueva', OBLIGATORIO],
    ]);
    expect((await check(ownPasswordSchema, { password_actual: 'vieja', password_nueva: 'corta' })).errors).toEqual([
      ['password_nueva', 'La contraseña debe tener al menos 8 caracteres'],
    ]);
    expect((await check(adminPasswordSchema, { password_nueva: 'Nueva-clave-1' })).errors).toEqual([]);
  });
});
