import { describe, expect, it } from 'vitest';
import { sampleCaptacion, sampleCaptacionForm } from './fixtures';
import { emptyCaptacion } from './defaults';
import { normalizeCaptacionInput } from './convert';
import {
  addressLine,
  adviserName,
  FECHA_DESCONOCIDA,
  fullName,
  historyUserName,
  isComplete,
  lastUpdate,
  locationLine,
  NO_ASIGNADO,
  NO_ESPECIFICADO,
  NUNCA_EDITADO,
  ownerName,
  SIN_DIRECCION,
  SIN_NOMBRE,
  SIN_PROPIETARIO,
} from './rules';
import { validateCaptacion } from './schema';

describe('isComplete (spec 4)', () => {
  it('is true for a full record, in either shape', () => {
    expect(isComplete(sampleCaptacion())).toBe(true);
    expect(isComplete(sampleCaptacionForm())).toBe(true);
  });

  it('counts zero bedrooms and bathrooms as present (a plot of land) and takes numeric texts', () => {
    expect(isComplete(sampleCaptacion({ propiedad: { caracteristicas: { habitaciones: 0, baños: 0 } } }))).toBe(true);
    const form = sampleCaptacionForm();
    (form.propiedad.caracteristicas as unknown as Record<string, unknown>).m2_terreno = '180';
    expect(isComplete(form)).toBe(true);
  });

  it('is false when any required piece is missing', () => {
    const breakers: Array<Parameters<typeof sampleCaptacion>[0]> = [
      { propietario: { nombre: '' } },
      { propietario: { telefono: '  ' } },
      { propietario: { estado_civil: '' } },
      { propiedad: { tipo: '' } },
      { propiedad: { direccion: { calle: '' } } },
      { propiedad: { direccion: { numero: '' } } },
      { propiedad: { direccion: { colonia: '' } } },
      { propiedad: { direccion: { ciudad: '' } } },
      { propiedad: { direccion: { estado: '' } } },
      { propiedad: { direccion: { codigo_postal: '' } } },
      { propiedad: { caracteristicas: { m2_terreno: 0 } } },
      { propiedad: { caracteristicas: { m2_construccion: null } } },
      { propiedad: { caracteristicas: { habitaciones: null } } },
      { propiedad: { caracteristicas: { baños: null } } },
      { referencias_personales: [sampleCaptacion().referencias_personales[0]] },
      { referencias_personales: [sampleCaptacion().referencias_personales[0], { nombre: 'Ana Ruiz', relacion: '', telefono: '5512345678', direccion: '' }] },
      { documentos_entregados: { ine: false } },
      { documentos_entregados: { escrituras: false } },
    ];
    for (const b of breakers) expect(isComplete(sampleCaptacion(b)), JSON.stringify(b)).toBe(false);
    expect(isComplete(emptyCaptacion())).toBe(false);
    expect(isComplete(undefined)).toBe(false);
  });
});

describe('names', () => {
  const users = {
    u1: { _id: 'u1', prim_nom: 'Juan', segun_nom: 'Carlos', apell_pa: 'Pérez', apell_ma: 'Gómez' },
    u2: { _id: 'u2', prim_nom: 'Ana', segun_nom: '', apell_pa: 'López', apell_ma: '' },
  };

  it('adviserName: legacy object name, resolved id, else No asignado', () => {
    expect(adviserName({ name: 'Laura Méndez' })).toBe('Laura Méndez');
    expect(adviserName({ nombre: 'Laura Méndez' })).toBe('Laura Méndez');
    expect(adviserName('u1', users)).toBe('Juan Carlos Pérez Gómez');
    expect(adviserName('u2', new Map(Object.entries(users)))).toBe('Ana López');
    expect(adviserName({ _id: 'u2' }, users)).toBe('Ana López');
    expect(adviserName('u9', users)).toBe(NO_ASIGNADO);
    expect(adviserName('u1')).toBe('No asignado');
    expect(adviserName('')).toBe('No asignado');
    expect(adviserName(undefined)).toBe('No asignado');
    expect(adviserName({})).toBe('No asignado');
  });

  it('historyUserName: name, nombre, name parts, e-mail, else Sin nombre', () => {
    expect(historyUserName({ name: 'Admin General', email: 'a@example.com' })).toBe('Admin General');
    expect(historyUserName({ nombre: 'Pedro Ruiz' })).toBe('Pedro Ruiz');
    expect(historyUserName({ prim_nom: 'Juan', apell_pa: 'Pérez', apell_ma: 'Gómez' })).toBe('Juan Pérez Gómez');
    expect(historyUserName({ email: 'asesor@example.com' })).toBe('asesor@example.com');
    expect(historyUserName('asesor@example.com')).toBe('asesor@example.com');
    expect(historyUserName({})).toBe(SIN_NOMBRE);
    expect(historyUserName(null)).toBe('Sin nombre');
    expect(fullName(null)).toBe('');
  });

  it('ownerName falls back to Sin propietario', () => {
    expect(ownerName(sampleCaptacion())).toBe('María Guadalupe Hernández Ramírez');
    expect(ownerName(emptyCaptacion())).toBe(SIN_PROPIETARIO);
  });
});

describe('lastUpdate', () => {
  it('prefers the gateway stamp', () => {
    const c = {
      ultima_actualizacion: { usuario: { nombre: 'Laura Méndez', avatar: '/api/users/u3/foto' }, fecha: '2025-04-02T18:00:00.000Z' },
      historial_estatus: [{ usuario: { name: 'Otro' }, fecha: '2025-04-01T10:00:00.000Z' }],
    };
    expect(lastUpdate(c)).toEqual({ usuario: 'Laura Méndez', avatar: '/api/users/u3/foto', fecha: '2025-04-02T18:00:00.000Z' });
  });

  it('falls back to the last history entry, then to null (Nunca editado)', () => {
    const c = {
      historial_estatus: [
        { usuario: { name: 'Primero' }, fecha: '2025-04-01T10:00:00.000Z' },
        { usuario: { prim_nom: 'Ana', apell_pa: 'López' }, fecha: '2025-04-03T09:30:00.000Z' },
      ],
    };
    expect(lastUpdate(c)).toEqual({ usuario: 'Ana López', fecha: '2025-04-03T09:30:00.000Z' });
    expect(lastUpdate({ historial_estatus: [{ usuario: 'x@example.com' }] })).toEqual({ usuario: 'x@example.com', fecha: null });
    expect(lastUpdate(sampleCaptacion())).toBeNull();
    expect(NUNCA_EDITADO).toBe('Nunca editado');
    expect(FECHA_DESCONOCIDA).toBe('Fecha desconocida');
  });
});

describe('addressLine and locationLine', () => {
  it('joins the parts', () => {
    expect(addressLine(sampleCaptacion().propiedad.direccion)).toBe(
      'Av. Miguel Ángel de Quevedo 742, Romero de Terreros, Coyoacán, Ciudad de México, C.P. 04310',
    );
    expect(addressLine({ calle: 'Reforma', ciudad: 'Puebla' })).toBe('Reforma, Puebla');
    expect(locationLine(sampleCaptacion().propiedad.direccion)).toBe('Coyoacán, Ciudad de México');
  });

  it('shows a legacy joined address, or the fallbacks', () => {
    expect(addressLine({ calle: '', completa: 'Calle 60 #491, Centro, Mérida' })).toBe('Calle 60 #491, Centro, Mérida');
    expect(addressLine(emptyCaptacion().propiedad.direccion)).toBe(SIN_DIRECCION);
    expect(addressLine(undefined)).toBe('Sin dirección');
    expect(locationLine({})).toBe(NO_ESPECIFICADO);
  });
});

describe('normalizeCaptacionInput (what the gateway stores)', () => {
  it('turns the raw form body into a valid document', () => {
    const form = sampleCaptacionForm() as unknown as Record<string, any>;
    form.propiedad.caracteristicas.m2_terreno = '180';
    form.propiedad.caracteristicas.cocheras = '';
    form.propiedad.adeudos[0].monto = '4,850.75';
    form.datos_laborales.ingresos_mensuales = '$28500';
    form.venta.fecha_venta = '20/06/2025';
    form.captacion.fecha = '14/03/2025';
    form.referencias_personales[0] = { nombre: 'José Luis Martínez Ortega', parentesco: 'Familiar', relacion: '', telefono: '5534567890' };
    form.propietario.rfc = 'herg850315k73';
    form.venta.tipo_credito = 'Infonavit';
    form.propiedad.direccion.estado = 'CDMX';

    const doc = normalizeCaptacionInput(form);
    expect(doc.type).toBe('captacion');
    expect(doc.propiedad.caracteristicas.m2_terreno).toBe(180);
    expect(doc.propiedad.caracteristicas.cocheras).toBeNull();
    expect(doc.propiedad.adeudos[0].monto).toBe(4850.75);
    expect(doc.datos_laborales.ingresos_mensuales).toBe(28500);
    expect(doc.venta.fecha_venta).toBe('2025-06-20');
    expect(doc.captacion.fecha).toBe('2025-03-14');
    expect(doc.referencias_personales[0]).toEqual({
      nombre: 'José Luis Martínez Ortega',
      relacion: 'Familiar',
      telefono: '5534567890',
      direccion: '',
    });
    expect('parentesco' in doc.referencias_personales[0]).toBe(false);
    expect(doc.propietario.rfc).toBe('HERG850315K73');
    expect(doc.venta.tipo_credito).toBe('INFONAVIT');
    expect(doc.propiedad.direccion.estado).toBe('Ciudad de México');
    expect(doc.documentos_entregados).toEqual(sampleCaptacion().documentos_entregados);
    expect('documentacion' in doc).toBe(false);
    expect(validateCaptacion(doc)).toEqual([]);
  });

  it('keeps a legacy parentesco only when relacion is empty', () => {
    const body = sampleCaptacion() as unknown as Record<string, any>;
    body.referencias_personales[1].parentesco = 'Amigo';
    expect(normalizeCaptacionInput(body).referencias_personales[1].relacion).toBe('Compañero de Trabajo');
  });

  it('strips what only the gateway writes, and forces the type', () => {
    const body = {
      ...sampleCaptacion(),
      type: 'usuario',
      historial_estatus: [{ usuario: { name: 'Falso' }, fecha: '2020-01-01T00:00:00.000Z' }],
      ultima_actualizacion: { usuario: { nombre: 'Falso' }, fecha: '2020-01-01T00:00:00.000Z' },
      password: 'x',
      _attachments: { 'a.txt': {} },
    };
    const doc = normalizeCaptacionInput(body) as unknown as Record<string, unknown>;
    expect(doc.type).toBe('captacion');
    expect(doc.historial_estatus).toEqual([]);
    expect(doc.ultima_actualizacion).toBeUndefined();
    expect(doc.password).toBeUndefined();
    expect(doc._attachments).toBeUndefined();
  });

  it('keeps numbers that are not numbers for validation to refuse, and fills defaults', () => {
    const doc = normalizeCaptacionInput({
      propiedad: { caracteristicas: { m2_terreno: 'ciento veinte' } },
      venta: { fecha_venta: '31/02/2025', en_venta: 'true' },
    });
    expect(doc.propiedad.caracteristicas.m2_terreno).toBe('ciento veinte');
    expect(doc.venta.en_venta).toBe(true);
    expect(doc.venta.estatus_venta).toBe('En proceso');
    expect(doc.captacion.tipo_captacion).toBe('Abierta');
    expect(doc.estatus_actual).toBe('Pendiente');
    const params = validateCaptacion(doc).map((i) => `${i.param}: ${i.msg}`);
    expect(params).toContain('propiedad.caracteristicas.m2_terreno: Debe ser un número válido');
    expect(params).toContain('venta.fecha_venta: La fecha no es válida');
  });

  it('stores the adviser as an id, keeps a name-only legacy adviser, and only safe PDF links', () => {
    expect(normalizeCaptacionInput({ captacion: { asesor: { _id: 'u7', name: 'Laura' } } }).captacion.asesor).toBe('u7');
    expect(normalizeCaptacionInput({ captacion: { asesor: { name: 'Laura' } } }).captacion.asesor).toEqual({ name: 'Laura' });
    expect(normalizeCaptacionInput({ pdf_url: 'javascript:alert(1)' }).pdf_url).toBeUndefined();
    expect(normalizeCaptacionInput({ pdf_url: '//evil.example/x.pdf' }).pdf_url).toBeUndefined();
    expect(normalizeCaptacionInput({ pdf_url: 'https://cdn.example.com/c.pdf' }).pdf_url).toBe('https://cdn.example.com/c.pdf');
  });
});
