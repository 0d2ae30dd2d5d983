import { describe, expect, it } from 'vitest';
import type { EmpleadoPublico } from '../../../../../couch-design/empleado';
import { dateForInput, EMPTY_EMPLEADO, linkedUserId, reasignarQuestion, toBody, toFormValues, userOptionLabel, validateEmpleado } from './values';

const jorge: EmpleadoPublico = {
  _id: 'e-1',
  id: 'e-1',
  prim_nom: 'Jorge',
  apell_pa: 'Hernández',
  apell_ma: 'Vega',
  telefono: '5523456789',
  pust: 'Auxiliar',
  estado: 'Activo',
  salario: 14500,
  fecha_na: '1994-09-30T00:00:00.000Z',
  fecha_ing: '01/06/2021',
  calle: 'Pino',
  nun_ex: '45',
  codigo: '06400',
  foto_perfil: null,
  userId: null,
};

describe('employee form values (spec 000 sections 2, 5, 9)', () => {
  it("starts empty with estado 'Activo', and refuses the empty form with the specification's text", () => {
    expect(EMPTY_EMPLEADO.estado).toBe('Activo');
    const issues = validateEmpleado(EMPTY_EMPLEADO);
    expect(issues.map((i) => i.param).sort()).toEqual(
      ['prim_nom', 'apell_pa', 'apell_ma', 'fecha_na', 'telefono', 'pust', 'salario', 'fecha_ing', 'calle', 'nun_ex', 'codigo'].sort(),
    );
    expect(new Set(issues.map((i) => i.msg))).toEqual(new Set(['Por favor complete todos los campos obligatorios.']));
  });

  it('cuts dates longer than 10 characters to the first 10, and reads dd/mm/yyyy for the date input', () => {
    expect(dateForInput('1994-09-30T00:00:00.000Z')).toBe('1994-09-30');
    expect(dateForInput('01/06/2021')).toBe('2021-06-01');
    expect(dateForInput(undefined)).toBe('');
    const values = toFormValues(jorge, '');
    expect(values).toMatchObject({ fecha_na: '1994-09-30', fecha_ing: '2021-06-01', salario: 14500, segun_nom: '', num_in: '', email: '' });
    expect(validateEmpleado(values)).toEqual([]);
  });

  it('finds the link on either side', () => {
    const users = [
      { id: 'u-1', email: 'a@x.mx', prim_nom: 'A', apell_pa: 'B', apell_ma: 'C', empleado_id: null },
      { id: 'u-2', email: 'b@x.mx', prim_nom: 'B', apell_pa: 'C', apell_ma: 'D', empleado_id: 'e-1' },
    ];
    expect(linkedUserId(jorge, users)).toBe('u-2');
    expect(linkedUserId({ ...jorge, userId: 'u-1' }, users)).toBe('u-1');
    expect(linkedUserId(jorge, [])).toBe('');
    expect(userOptionLabel(users[1], 'e-1')).toBe('b@x.mx — B C D');
  });

  it('marks a user linked to another employee by that employee, and asks before taking them (issue 18 item 5)', () => {
    const users = [
      { id: 'u-1', email: 'a@x.mx', prim_nom: 'A', apell_pa: 'B', apell_ma: 'C', empleado_id: null, empleado_vinculado: null },
      { id: 'u-2', email: 'b@x.mx', prim_nom: 'B', apell_pa: 'C', apell_ma: 'D', empleado_id: 'e-1', empleado_vinculado: { id: 'e-1', nombre: 'Jorge Hernández' } },
    ];
    expect(userOptionLabel(users[1], 'e-9')).toBe('b@x.mx — B C D (vinculado con Jorge Hernández)');
    expect(userOptionLabel(users[1], 'e-1')).toBe('b@x.mx — B C D');
    expect(reasignarQuestion(users, 'u-1', 'e-9')).toBeNull();
    expect(reasignarQuestion(users, 'u-2', 'e-1')).toBeNull();
    expect(reasignarQuestion(users, 'u-2', null)?.join(' ')).toMatch(/ya está vinculado con el empleado Jorge Hernández\. Si continúa, Jorge Hernández perderá ese vínculo: esa cuenta dejará de ver sus recibos de nómina en 'Mi Nómina'/);
    // Another user for Jorge, whose account is u-2: u-2 would lose him (issue 33).
    expect(reasignarQuestion(users, 'u-1', 'e-1')?.join(' ')).toMatch(/^Este empleado está vinculado con b@x\.mx — B C D\. Si continúa, b@x\.mx — B C D perderá ese vínculo/);
  });

  it('sends the confirmation only with a changed link to a user', () => {
    const values = { ...toFormValues(jorge, ''), reasignar_vinculo: true };
    expect(toBody({ ...values, userId: 'u-2' }, { admin: true, initialUserId: '' })).toMatchObject({ userId: 'u-2', reasignar_vinculo: true });
    expect(toBody({ ...values, userId: '' }, { admin: true, initialUserId: 'u-2' })).not.toHaveProperty('reasignar_vinculo');
    expect(toBody({ ...values, userId: 'u-2' }, { admin: true, initialUserId: 'u-2' })).not.toHaveProperty('reasignar_vinculo');
    expect(toBody({ ...toFormValues(jorge, ''), userId: 'u-2' }, { admin: true, initialUserId: '' })).not.toHaveProperty('reasignar_vinculo');
  });

  it('sends the link only when an admin changed it; Ninguno unlinks', () => {
    const values = { ...toFormValues(jorge, 'u-2') };
    expect(toBody(values, { admin: true, initialUserId: 'u-2' })).not.toHaveProperty('userId');
    expect(toBody({ ...values, userId: '' }, { admin: true, initialUserId: 'u-2' }).userId).toBeNull();
    expect(toBody({ ...values, userId: 'u-1' }, { admin: true, initialUserId: 'u-2' }).userId).toBe('u-1');
    // An edit names the link its form showed; a new employee has none to name.
    expect(toBody({ ...values, userId: 'u-1' }, { admin: true, initialUserId: 'u-2', editing: true })).toMatchObject({ userId: 'u-1', vinculo_actual: 'u-2' });
    expect(toBody({ ...values, userId: 'u-1' }, { admin: true, initialUserId: '', editing: true })).toMatchObject({ userId: 'u-1', vinculo_actual: null });
    expect(toBody({ ...values, userId: 'u-1' }, { admin: true, initialUserId: '' })).not.toHaveProperty('vinculo_actual');
    expect(toBody({ ...values, userId: 'u-1' }, { admin: false, initialUserId: 'u-2' })).not.toHaveProperty('userId');
    expect(toBody({ ...values, salario: '' }, { admin: true, initialUserId: '' }).salario).toBeNull();
  });
});

describe('the banner of a refused save', () => {
  it('groups the fields with the same problem by section, each text once', async () => {
    const { summarizeEmpleado } = await import('./summary');
    const sections = summarizeEmpleado(validateEmpleado({ ...EMPTY_EMPLEADO, prim_nom: 'Ana', telefono: '55' }));
    expect(sections).toEqual([
      {
        section: 'Información Personal',
        tab: null,
        messages: [
          'Apellido paterno, Apellido materno, Fecha de nacimiento: Por favor complete todos los campos obligatorios.',
          'Teléfono: El teléfono debe contener exactamente 10 dígitos numéricos',
        ],
      },
      { section: 'Información Laboral', tab: null, messages: ['Puesto, Salario, Fecha de ingreso: Por favor complete todos los campos obligatorios.'] },
      { section: 'Dirección', tab: null, messages: ['Calle, Número exterior, Código postal: Por favor complete todos los campos obligatorios.'] },
    ]);
  });
});
