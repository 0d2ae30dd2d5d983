import { describe, expect, it } from 'vitest';
import type { EmpleadoPublico } from '../../../../../couch-design/empleado';
import type { UsuarioPublico } from '../../../../../couch-design/usuario';
import {
  editBody,
  editInitialValues,
  empleadoOptions,
  EMPTY_USUARIO,
  registroBody,
  toggledMode,
  validateEdit,
  validateRegistro,
  withEmpleado,
  type EditContext,
  type UsuarioFormValues,
} from './values';

const OBLIGATORIO = 'Por favor complete todos los campos obligatorios.';

const empleado = (over: Partial<EmpleadoPublico> = {}): EmpleadoPublico => ({
  _id: 'e1', id: 'e1', prim_nom: 'Jorge', apell_pa: 'Hernández', apell_ma: 'Vega', telefono: '5523456789', pust: 'Auxiliar',
  estado: 'Activo', salario: 14500, fecha_na: '30/09/1994', fecha_ing: '2021-06-01', calle: 'Calle Pino', nun_ex: '45', codigo: '06400',
  foto_perfil: null, userId: null, ...over,
});

const lleno: UsuarioFormValues = {
  ...EMPTY_USUARIO,
  prim_nom: 'Ana', apell_pa: 'Pérez', apell_ma: 'Gómez', fecha_na: '1990-11-21', telefono: '3312345678', pust: 'Asesora',
  calle: 'Av. Chapultepec', nun_ex: '210', codigo: '44160', email: 'ana@ejemplo.mx', password: 'Segura-2026', role: 'supervisor de obra',
};

const usuario = (over: Partial<UsuarioPublico> = {}): UsuarioPublico => ({
  _id: 'u1', id: 'u1', prim_nom: 'Ana', apell_pa: 'Pérez', apell_ma: 'Gómez', fecha_na: '1990-11-21', telefono: '3312345678', pust: 'Asesora',
  calle: 'Av. Chapultepec', nun_ex: '210', codigo: '44160', email: 'ana@ejemplo.mx', role: 'user', foto_perfil: null, empleado_id: null, ...over,
});

describe("'Usar empleado existente' / 'Crear usuario sin empleado' (spec 000 section 2)", () => {
  it('clears the personal fields but keeps e-mail, password and role', () => {
    const next = toggledMode({ ...lleno, con_empleado: false }, true);
    expect(next).toMatchObject({ email: 'ana@ejemplo.mx', password: 'Segura-2026', role: 'supervisor de obra', con_empleado: true, empleado_id: '' });
    for (const f of ['prim_nom', 'apell_pa', 'apell_ma', 'fecha_na', 'telefono', 'pust', 'calle', 'nun_ex', 'codigo'] as const) expect(next[f]).toBe('');
  });

  it("fills the form from the chosen employee, dates as the date input reads them, keeping a typed e-mail", () => {
    const filled = withEmpleado({ ...EMPTY_USUARIO, email: 'propio@ejemplo.mx' }, empleado({ email: 'jorge@ejemplo.mx', num_in: '3' }));
    expect(filled).toMatchObject({ prim_nom: 'Jorge', fecha_na: '1994-09-30', telefono: '5523456789', num_in: '3', email: 'propio@ejemplo.mx' });
    expect(withEmpleado(EMPTY_USUARIO, empleado({ email: 'jorge@ejemplo.mx' })).email).toBe('jorge@ejemplo.mx');
  });

  it('offers only Activo employees, plus the one already linked', () => {
    const list = [empleado(), empleado({ _id: 'e2', id: 'e2', estado: 'Inactivo', prim_nom: 'Luis' })];
    expect(empleadoOptions(list).map((o) => o.value)).toEqual(['e1']);
    expect(empleadoOptions(list, 'e2').map((o) => o.value)).toEqual(['e1', 'e2']);
    expect(empleadoOptions(list)[0].label).toBe('Jorge Hernández Vega · Auxiliar');
  });
});

describe('registration body and rules', () => {
  it('public sign-up sends neither a role nor a link', () => {
    const body = registroBody({ ...lleno, con_empleado: true, empleado_id: 'e1' }, 'publico');
    expect(body).not.toHaveProperty('role');
    expect(body).not.toHaveProperty('empleado_id');
    expect(registroBody({ ...lleno, con_empleado: true, empleado_id: 'e1' }, 'admin')).toMatchObject({ role: 'supervisor de obra', empleado_id: 'e1' });
    expect(registroBody({ ...lleno, con_empleado: false, empleado_id: 'e1' }, 'admin').empleado_id).toBe('');
  });

  it("asks for 'Seleccionar Empleado *' in 'Usar empleado existente' mode, with the schema's messages", () => {
    expect(validateRegistro(lleno, 'admin')).toEqual([]);
    expect(validateRegistro({ ...lleno, con_empleado: true }, 'admin')).toEqual([{ param: 'empleado_id', msg: OBLIGATORIO }]);
    const issues = validateRegistro({ ...lleno, telefono: '123', password: 'corta' }, 'publico');
    expect(issues.map((i) => i.msg)).toEqual(['El teléfono debe contener exactamente 10 dígitos numéricos', 'La contraseña debe tener al menos 8 caracteres']);
  });
});

describe("'Editar Usuario' body", () => {
  const ctx = (over: Partial<EditContext> = {}): EditContext => ({ user: usuario(), direction: 'ninguno', empleado: null, manage: true, ...over });

  it('sends contact and address only when no employee is linked, and the link only when it changed', () => {
    const none = ctx();
    const values = editInitialValues(none);
    expect(editBody(values, none)).toMatchObject({ telefono: '3312345678', calle: 'Av. Chapultepec', role: 'user' });
    expect(editBody(values, none)).not.toHaveProperty('empleado_id');
    const linked = editBody({ ...values, con_empleado: true, empleado_id: 'e1' }, none);
    expect(linked).toMatchObject({ empleado_id: 'e1', vinculo_actual: null });
    expect(linked).not.toHaveProperty('telefono');
    expect(linked).not.toHaveProperty('calle');
  });

  it("unlinks with '' when the switch goes off, and keeps the link (left out) when it stays", () => {
    const c = ctx({ user: usuario({ empleado_id: 'e1' }), direction: 'usuario', empleado: empleado() });
    const values = editInitialValues(c);
    expect(values).toMatchObject({ con_empleado: true, empleado_id: 'e1' });
    expect(editBody(values, c)).not.toHaveProperty('empleado_id');
    expect(editBody({ ...values, con_empleado: false, empleado_id: '' }, c)).toMatchObject({ empleado_id: '', vinculo_actual: 'e1' });
  });

  it("employee-to-user: the employee's personal data fills the form and the link is never sent", () => {
    const c = ctx({ direction: 'empleado', empleado: empleado({ userId: 'u1' }) });
    const values = editInitialValues(c);
    expect(values).toMatchObject({ prim_nom: 'Jorge', apell_pa: 'Hernández', fecha_na: '1994-09-30', con_empleado: true, email: 'ana@ejemplo.mx' });
    expect(editBody({ ...values, con_empleado: false }, c)).not.toHaveProperty('empleado_id');
  });

  it('a person editing themselves sends no role', () => {
    const c = ctx({ manage: false });
    expect(editBody(editInitialValues(c), c)).not.toHaveProperty('role');
  });

  it('validates with the create rules what it shows, and accepts a legacy role already held', () => {
    const c = ctx({ user: usuario({ role: 'asesor' }) });
    const values = editInitialValues(c);
    expect(validateEdit(values, c)).toEqual([]);
    expect(validateEdit({ ...values, prim_nom: ' ', telefono: '55' }, c)).toEqual([
      { param: 'prim_nom', msg: OBLIGATORIO },
      { param: 'telefono', msg: 'El teléfono debe contener exactamente 10 dígitos numéricos' },
    ]);
    // Linked: the hidden phone is not checked, the employee must be chosen.
    expect(validateEdit({ ...values, telefono: '55', con_empleado: true, empleado_id: '' }, c)).toEqual([{ param: 'empleado_id', msg: OBLIGATORIO }]);
    expect(validateEdit({ ...values, role: 'root' }, c)).toEqual([{ param: 'role', msg: 'El rol seleccionado no es válido' }]);
  });
});
