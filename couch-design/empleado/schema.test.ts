import { describe, expect, it } from 'vitest';
import { check, missingFromEmpty } from '../testing/schema-check';
import { empleadoCreateSchema, empleadoEditSchema } from './index';

const OBLIGATORIO = 'Por favor complete todos los campos obligatorios.';

const empleado = {
  prim_nom: 'Jorge',
  apell_pa: 'Hernández',
  apell_ma: 'Vega',
  fecha_na: '1994-09-30',
  telefono: '5523456789',
  pust: 'Auxiliar de oficina',
  salario: 14500,
  fecha_ing: '2021-06-01',
  estado: 'Activo',
  calle: 'Calle Pino',
  nun_ex: '45',
  codigo: '06400',
};

describe('create employee (Crear Nuevo Empleado), spec 000 section 5', () => {
  it('requires prim_nom, apell_pa, apell_ma, fecha_na, telefono, pust, salario, fecha_ing, calle, nun_ex and codigo', async () => {
    expect(await missingFromEmpty(empleadoCreateSchema)).toEqual({
      fields: ['prim_nom', 'apell_pa', 'apell_ma', 'fecha_na', 'telefono', 'pust', 'salario', 'fecha_ing', 'calle', 'nun_ex', 'codigo'].sort(),
      messages: [OBLIGATORIO],
    });
  });

  it('estado is required, Activo when left out (section 9), Activo or Inactivo otherwise', async () => {
    const { estado: _e, ...sinEstado } = empleado;
    expect((await check(empleadoCreateSchema, sinEstado)).value?.estado).toBe('Activo');
    expect((await check(empleadoCreateSchema, { ...empleado, estado: 'inactivo' })).value?.estado).toBe('Inactivo');
    expect((await check(empleadoCreateSchema, { ...empleado, estado: '' })).errors).toEqual([['estado', OBLIGATORIO]]);
    expect((await check(empleadoCreateSchema, { ...empleado, estado: 'Vacaciones' })).errors).toEqual([['estado', 'El estado debe ser Activo o Inactivo']]);
  });

  it('leaves segun_nom, num_in (or nun_in) and email optional', async () => {
    expect((await check(empleadoCreateSchema, empleado)).errors).toEqual([]);
    const { value } = await check(empleadoCreateSchema, { ...empleado, segun_nom: 'Luis', nun_in: '2', email: 'Jorge@Ejemplo.MX' });
    expect(value).toMatchObject({ segun_nom: 'Luis', num_in: '2', email: 'jorge@ejemplo.mx' });
    expect(value).not.toHaveProperty('nun_in');
    expect((await check(empleadoCreateSchema, { ...empleado, email: 'jorge' })).errors).toEqual([['email', 'El formato del correo electrónico no es válido']]);
  });

  it('reads the salary as a number of pesos, 0 or more', async () => {
    expect((await check(empleadoCreateSchema, { ...empleado, salario: '15,000.50' })).value?.salario).toBe(15000.5);
    expect((await check(empleadoCreateSchema, { ...empleado, salario: '$ 9000' })).value?.salario).toBe(9000);
    expect((await check(empleadoCreateSchema, { ...empleado, salario: '' })).errors).toEqual([['salario', OBLIGATORIO]]);
    expect((await check(empleadoCreateSchema, { ...empleado, salario: 'mucho' })).errors).toEqual([['salario', 'El salario debe ser un número']]);
    expect((await check(empleadoCreateSchema, { ...empleado, salario: true })).errors).toEqual([['salario', 'El salario debe ser un número']]);
    expect((await check(empleadoCreateSchema, { ...empleado, salario: -1 })).errors).toEqual([['salario', 'El salario no puede ser negativo']]);
  });

  it('enforces the phone and postal-code hints and the date rules', async () => {
    const { errors } = await check(empleadoCreateSchema, { ...empleado, telefono: '55-2345', codigo: '6400', fecha_ing: '30/02/2021', fecha_na: '30/09/1994' });
    expect(errors).toEqual([
      ['telefono', 'El teléfono debe contener exactamente 10 dígitos numéricos'],
      ['codigo', 'El código postal debe contener 5 dígitos numéricos'],
      ['fecha_ing', 'La fecha no es válida'],
    ]);
    expect((await check(empleadoCreateSchema, { ...empleado, fecha_ing: '01/06/2021' })).value?.fecha_ing).toBe('2021-06-01');
  });

  it('strips unknown fields and keeps the user link', async () => {
    const { value } = await check(empleadoCreateSchema, { ...empleado, userId: 'u-1', nomina: [], type: 'otro' });
    expect(value).toMatchObject({ userId: 'u-1' });
    expect(value).not.toHaveProperty('nomina');
    expect(value).not.toHaveProperty('type');
  });
});

describe('edit employee (Editar Empleado)', () => {
  it('checks the fields sent with the create rules, keeps the ones left out, and adds no default estado', async () => {
    expect((await check(empleadoEditSchema, { salario: '20000' })).value).toEqual({ salario: 20000 });
    expect((await check(empleadoEditSchema, { salario: null, pust: '' })).errors).toEqual([['pust', OBLIGATORIO], ['salario', OBLIGATORIO]]);
  });

  it('unlinks with an empty userId', async () => {
    expect((await check(empleadoEditSchema, { userId: null })).value).toEqual({ userId: '' });
  });
});
