import type { Empleado } from '../../../couch-design/empleado';
import type { Nomina } from '../../../couch-design/nomina';

/** One account per role of docs/architecture.md section 6; fixed ids so the seed can run again without duplicates. */
export const DEMO_ACCOUNTS = [
  { id: 'demo-admin', email: 'admin@demo.inmobiliaria.mx', password: 'Demo-Admin-2026', role: 'administrator', prim_nom: 'Alejandra', apell_pa: 'Ramírez', apell_ma: 'Ortega', pust: 'Directora general', empleado: 'demo-emp-alejandra' },
  { id: 'demo-user', email: 'oficina@demo.inmobiliaria.mx', password: 'Demo-Oficina-2026', role: 'user', prim_nom: 'Jorge', apell_pa: 'Hernández', apell_ma: 'Vega', pust: 'Auxiliar de oficina', empleado: 'demo-emp-jorge' },
  { id: 'demo-asesor', email: 'asesor@demo.inmobiliaria.mx', password: 'Demo-Asesor-2026', role: 'asesor', prim_nom: 'María', apell_pa: 'López', apell_ma: 'Sánchez', pust: 'Asesora inmobiliaria', empleado: 'demo-emp-maria' },
  { id: 'demo-asesor2', email: 'asesor2@demo.inmobiliaria.mx', password: 'Demo-Asesor2-2026', role: 'asesor', prim_nom: 'Luis', apell_pa: 'García', apell_ma: 'Mendoza', pust: 'Asesor inmobiliario', empleado: null },
  { id: 'demo-supervisor', email: 'supervisor@demo.inmobiliaria.mx', password: 'Demo-Supervisor-2026', role: 'supervisor de obra', prim_nom: 'Ricardo', apell_pa: 'Torres', apell_ma: 'Aguilar', pust: 'Supervisor de obra', empleado: 'demo-emp-ricardo' },
  { id: 'demo-ayudante', email: 'ayudante@demo.inmobiliaria.mx', password: 'Demo-Ayudante-2026', role: 'ayudante de administrador', prim_nom: 'Sofía', apell_pa: 'Morales', apell_ma: 'Castillo', pust: 'Ayudante de administración', empleado: null },
] as const;

const EMPLEADO_EXTRA: Record<string, Pick<Empleado, 'salario' | 'fecha_na' | 'fecha_ing' | 'telefono' | 'calle' | 'nun_ex' | 'codigo'>> = {
  'demo-emp-alejandra': { salario: 68000, fecha_na: '1979-04-12', fecha_ing: '2012-01-09', telefono: '5512345678', calle: 'Av. Insurgentes Sur', nun_ex: '1602', codigo: '03940' },
  'demo-emp-jorge': { salario: 14500, fecha_na: '1994-09-30', fecha_ing: '2021-06-01', telefono: '5523456789', calle: 'Calle Pino', nun_ex: '45', codigo: '06400' },
  'demo-emp-maria': { salario: 18500, fecha_na: '1990-02-18', fecha_ing: '2019-03-15', telefono: '3312345678', calle: 'Av. Chapultepec', nun_ex: '210', codigo: '44160' },
  'demo-emp-ricardo': { salario: 26000, fecha_na: '1985-11-05', fecha_ing: '2016-08-22', telefono: '8112345678', calle: 'Calle Morelos', nun_ex: '87', codigo: '64000' },
};

/** Birth date and address of each account: the employee's for linked ones, so both records agree. */
export function demoPersonalData(account: (typeof DEMO_ACCOUNTS)[number]): Pick<Empleado, 'fecha_na' | 'calle' | 'nun_ex' | 'codigo' | 'telefono'> {
  const extra = account.empleado ? EMPLEADO_EXTRA[account.empleado] : undefined;
  if (extra) return { fecha_na: extra.fecha_na, calle: extra.calle, nun_ex: extra.nun_ex, codigo: extra.codigo, telefono: extra.telefono };
  return { fecha_na: '1992-05-14', calle: 'Av. Reforma', nun_ex: '350', codigo: '06600', telefono: '55' + String(account.id.length).padStart(8, '7') };
}

export function demoEmpleados(): Empleado[] {
  const linked = DEMO_ACCOUNTS.filter((a) => a.empleado);
  const fromAccounts = linked.map((a): Empleado => ({
    _id: a.empleado!, type: 'empleado', prim_nom: a.prim_nom, apell_pa: a.apell_pa, apell_ma: a.apell_ma, email: a.email,
    pust: a.pust, estado: 'Activo', ...EMPLEADO_EXTRA[a.empleado!],
    // The link is stored on the user for some accounts and on the employee for others: both directions exist.
    userId: a.id === 'demo-supervisor' ? a.id : null,
  }));
  const unlinked: Empleado = {
    _id: 'demo-emp-carmen', type: 'empleado', prim_nom: 'Carmen', apell_pa: 'Ruiz', apell_ma: 'Delgado', email: 'carmen.ruiz@demo.inmobiliaria.mx',
    telefono: '2221234567', pust: 'Recepcionista', estado: 'Inactivo', salario: 11000, fecha_na: '1998-07-21', fecha_ing: '2023-02-01',
    calle: 'Calle 5 de Mayo', nun_ex: '12', codigo: '72000', userId: null,
  };
  return [...fromAccounts, unlinked];
}

const QUINCENAS = ['2026-09-15', '2026-09-30', '2026-10-15', '2026-10-31', '2026-11-15'];

export function demoNominas(empleados: Empleado[]): Nomina[] {
  return empleados.flatMap((e) =>
    QUINCENAS.map((fecha, i): Nomina => ({
      _id: `demo-nom-${e._id.replace('demo-emp-', '')}-${fecha}`,
      type: 'nomina', empleadoId: e._id, empleado: [e.prim_nom, e.apell_pa, e.apell_ma].join(' '),
      conceptoDePago: `Pago de nómina quincenal ${i % 2 === 0 ? 'primera' : 'segunda'} quincena`, salario: Math.round(e.salario / 2), fecha,
    })),
  );
}
