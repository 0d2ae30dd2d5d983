import { describe, expect, it } from 'vitest';
import { sampleCaptacion, sampleCaptacionForm, sampleVenta } from './fixtures';
import { emptyCaptacionForm, emptyReferencia } from './defaults';
import {
  captacionDocSchema,
  captacionSchema,
  ERROR_SUMMARY_PREFIX,
  errorsBySection,
  errorSummaryText,
  issuesToFormErrors,
  validateCaptacion,
} from './schema';
import type { CaptacionForm, ValidationIssue } from './types';

/** A valid form with one thing broken by `breakIt`. */
function broken(breakIt: (f: CaptacionForm) => void): CaptacionForm {
  const form = sampleCaptacionForm();
  breakIt(form);
  return form;
}

/** Form with the sale switched on (the sale rules only run then). */
function onSale(breakIt: (f: CaptacionForm) => void): CaptacionForm {
  return broken((f) => {
    f.venta = { ...sampleVenta(), precio_venta: 4_850_000, comision_venta: 4 };
    breakIt(f);
  });
}

type Case = [string, CaptacionForm, string, string];

const cases: Case[] = [
  // Propietario
  ['owner name missing', broken((f) => (f.propietario.nombre = '')), 'propietario.nombre', 'El nombre del propietario es requerido'],
  ['owner name only blanks', broken((f) => (f.propietario.nombre = '   ')), 'propietario.nombre', 'El nombre del propietario es requerido'],
  ['owner name too short', broken((f) => (f.propietario.nombre = 'Al')), 'propietario.nombre', 'El nombre debe tener al menos 3 caracteres'],
  ['owner phone missing', broken((f) => (f.propietario.telefono = '')), 'propietario.telefono', 'El teléfono es requerido'],
  ['owner phone 9 digits', broken((f) => (f.propietario.telefono = '552345678')), 'propietario.telefono', 'El teléfono debe contener exactamente 10 dígitos numéricos'],
  ['owner phone 11 digits', broken((f) => (f.propietario.telefono = '55234567890')), 'propietario.telefono', 'El teléfono debe contener exactamente 10 dígitos numéricos'],
  ['owner phone with dashes', broken((f) => (f.propietario.telefono = '55-2345-678')), 'propietario.telefono', 'El teléfono debe contener exactamente 10 dígitos numéricos'],
  ['owner e-mail malformed', broken((f) => (f.propietario.correo = 'guadalupe@')), 'propietario.correo', 'El formato del correo electrónico no es válido'],
  ['NSS 10 digits', broken((f) => (f.propietario.nss = '1205851234')), 'propietario.nss', 'El NSS debe contener 11 dígitos numéricos'],
  ['NSS with letters', broken((f) => (f.propietario.nss = '1205851234A')), 'propietario.nss', 'El NSS debe contener 11 dígitos numéricos'],
  ['RFC too short', broken((f) => (f.propietario.rfc = 'HERG8503')), 'propietario.rfc', 'El formato de RFC no es válido (ej. ABCD123456XXX)'],
  ['RFC letters where the date goes', broken((f) => (f.propietario.rfc = 'HERGABCDEFK73')), 'propietario.rfc', 'El formato de RFC no es válido (ej. ABCD123456XXX)'],
  ['CURP without sex letter', broken((f) => (f.propietario.curp = 'HERG850315XDFRMD09')), 'propietario.curp', 'El formato de CURP no es válido'],
  ['CURP too short', broken((f) => (f.propietario.curp = 'HERG850315MDF')), 'propietario.curp', 'El formato de CURP no es válido'],
  ['civil status missing', broken((f) => (f.propietario.estado_civil = '')), 'propietario.estado_civil', 'El estado civil es requerido'],
  ['civil status not an option', broken((f) => (f.propietario.estado_civil = 'Comprometido')), 'propietario.estado_civil', 'El estado civil no es válido'],
  // Propiedad
  ['property type missing', broken((f) => (f.propiedad.tipo = '')), 'propiedad.tipo', 'El tipo de propiedad es requerido'],
  ['street missing', broken((f) => (f.propiedad.direccion.calle = '')), 'propiedad.direccion.calle', 'La calle es requerida'],
  ['number missing', broken((f) => (f.propiedad.direccion.numero = '')), 'propiedad.direccion.numero', 'El número es requerido'],
  ['neighbourhood missing', broken((f) => (f.propiedad.direccion.colonia = '')), 'propiedad.direccion.colonia', 'La colonia es requerida'],
  ['city missing', broken((f) => (f.propiedad.direccion.ciudad = '')), 'propiedad.direccion.ciudad', 'La ciudad es requerida'],
  ['state missing', broken((f) => (f.propiedad.direccion.estado = '')), 'propiedad.direccion.estado', 'El estado es requerido'],
  ['state not Mexican', broken((f) => (f.propiedad.direccion.estado = 'Texas')), 'propiedad.direccion.estado', 'El estado no es válido'],
  ['postal code missing', broken((f) => (f.propiedad.direccion.codigo_postal = '')), 'propiedad.direccion.codigo_postal', 'El código postal es requerido'],
  ['postal code 4 digits', broken((f) => (f.propiedad.direccion.codigo_postal = '4310')), 'propiedad.direccion.codigo_postal', 'El código postal debe contener 5 dígitos numéricos'],
  ['land area missing', broken((f) => (f.propiedad.caracteristicas.m2_terreno = '')), 'propiedad.caracteristicas.m2_terreno', 'Los metros cuadrados de terreno son requeridos'],
  ['land area zero', broken((f) => (f.propiedad.caracteristicas.m2_terreno = 0)), 'propiedad.caracteristicas.m2_terreno', 'Debe ser un número mayor a 0'],
  ['land area negative', broken((f) => (f.propiedad.caracteristicas.m2_terreno = -20)), 'propiedad.caracteristicas.m2_terreno', 'Debe ser un número mayor a 0'],
  ['built area missing', broken((f) => (f.propiedad.caracteristicas.m2_construccion = '')), 'propiedad.caracteristicas.m2_construccion', 'Los metros cuadrados de construcción son requeridos'],
  ['built area zero', broken((f) => (f.propiedad.caracteristicas.m2_construccion = 0)), 'propiedad.caracteristicas.m2_construccion', 'Debe ser un número mayor a 0'],
  ['bedrooms missing', broken((f) => (f.propiedad.caracteristicas.habitaciones = '')), 'propiedad.caracteristicas.habitaciones', 'El número de recámaras es requerido'],
  ['bedrooms negative', broken((f) => (f.propiedad.caracteristicas.habitaciones = -1)), 'propiedad.caracteristicas.habitaciones', 'No puede ser un número negativo'],
  ['bathrooms missing', broken((f) => (f.propiedad.caracteristicas.baños = '')), 'propiedad.caracteristicas.baños', 'El número de baños es requerido'],
  ['bathrooms negative', broken((f) => (f.propiedad.caracteristicas.baños = -1)), 'propiedad.caracteristicas.baños', 'No puede ser un número negativo'],
  ['garages negative', broken((f) => (f.propiedad.caracteristicas.cocheras = -2)), 'propiedad.caracteristicas.cocheras', 'No puede ser un número negativo'],
  ['area typed as text', broken((f) => ((f.propiedad.caracteristicas as unknown as Record<string, unknown>).m2_terreno = 'mucho')), 'propiedad.caracteristicas.m2_terreno', 'Debe ser un número válido'],
  ['year of construction impossible', broken((f) => (f.propiedad.caracteristicas.año_construccion = 1492)), 'propiedad.caracteristicas.año_construccion', 'El año de construcción no es válido'],
  // Adeudos: negative amounts are refused by the server too
  ['debt amount negative', broken((f) => (f.propiedad.adeudos[1].monto = -100)), 'propiedad.adeudos[1].monto', 'No puede ser un número negativo'],
  // Datos laborales
  ['seniority negative', broken((f) => (f.datos_laborales.antiguedad = -1)), 'datos_laborales.antiguedad', 'No puede ser un número negativo'],
  ['income negative', broken((f) => (f.datos_laborales.ingresos_mensuales = -5000)), 'datos_laborales.ingresos_mensuales', 'No puede ser un número negativo'],
  // Referencias
  ['no references', broken((f) => (f.referencias_personales = [])), 'referencias_personales', 'Se requieren al menos 2 referencias personales'],
  ['one reference', broken((f) => f.referencias_personales.pop()), 'referencias_personales', 'Se requieren al menos 2 referencias personales'],
  ['references missing', broken((f) => delete (f as Partial<CaptacionForm>).referencias_personales), 'referencias_personales', 'Las referencias personales son requeridas'],
  ['references null', broken((f) => ((f as unknown as Record<string, unknown>).referencias_personales = null)), 'referencias_personales', 'Las referencias personales son requeridas'],
  ['reference name missing', broken((f) => (f.referencias_personales[1].nombre = '')), 'referencias_personales[1].nombre', 'El nombre es requerido'],
  ['reference name too short', broken((f) => (f.referencias_personales[0].nombre = 'Jo')), 'referencias_personales[0].nombre', 'El nombre debe tener al menos 3 caracteres'],
  ['reference phone missing', broken((f) => (f.referencias_personales[0].telefono = '')), 'referencias_personales[0].telefono', 'El teléfono es requerido'],
  ['reference phone short', broken((f) => (f.referencias_personales[1].telefono = '55456789')), 'referencias_personales[1].telefono', 'El teléfono debe contener exactamente 10 dígitos numéricos'],
  ['reference relation missing', broken((f) => (f.referencias_personales[0].relacion = '')), 'referencias_personales[0].relacion', 'El parentesco es requerido'],
  // Documentación
  ['INE not received', broken((f) => (f.documentacion.ine = false)), 'documentacion.ine', 'La identificación oficial (INE) es obligatoria'],
  ['deeds not received', broken((f) => (f.documentacion.escrituras = false)), 'documentacion.escrituras', 'Las escrituras son obligatorias'],
  // Captación
  ['kind of captación missing', broken((f) => (f.captacion.tipo_captacion = '')), 'captacion.tipo_captacion', 'El tipo de captación es requerido'],
  // Venta, only while on sale
  ['sale price negative', onSale((f) => (f.venta.precio_venta = -1)), 'venta.precio_venta', 'No puede ser un número negativo'],
  ['commission negative', onSale((f) => (f.venta.comision_venta = -1)), 'venta.comision_venta', 'No puede ser un número negativo'],
  ['commission over 100 %', onSale((f) => (f.venta.comision_venta = 120)), 'venta.comision_venta', 'La comisión no puede ser mayor a 100%'],
  ['buyer e-mail malformed', onSale((f) => (f.venta.comprador.correo = 'ricardo.torres')), 'venta.comprador.correo', 'El formato del correo electrónico no es válido'],
  ['sale date impossible', onSale((f) => (f.venta.fecha_venta = '31/02/2025')), 'venta.fecha_venta', 'La fecha no es válida'],
];

describe('captacionSchema: every rule, one broken thing at a time', () => {
  it('accepts the valid fixture in both shapes', () => {
    expect(validateCaptacion(sampleCaptacionForm())).toEqual([]);
    expect(validateCaptacion(sampleCaptacion())).toEqual([]);
    expect(validateCaptacion(sampleCaptacion({ venta: sampleVenta() }))).toEqual([]);
    expect(captacionSchema().isValidSync(sampleCaptacionForm())).toBe(true);
    expect(captacionDocSchema().isValidSync(sampleCaptacion())).toBe(true);
  });

  it.each(cases)('%s', (_name, form, param, msg) => {
    expect(validateCaptacion(form)).toEqual([{ param, msg }]);
  });

  it('reports the document shape under documentos_entregados, and requires type captacion', () => {
    const doc = sampleCaptacion({ documentos_entregados: { ine: false } });
    expect(validateCaptacion(doc)).toEqual([
      { param: 'documentos_entregados.ine', msg: 'La identificación oficial (INE) es obligatoria' },
    ]);
    const { type: _type, ...untyped } = sampleCaptacion();
    expect(validateCaptacion(untyped)).toEqual([{ param: 'type', msg: "El documento debe ser de tipo 'captacion'" }]);
    expect(validateCaptacion({ ...sampleCaptacion(), type: 'nomina' })).toEqual([
      { param: 'type', msg: "El documento debe ser de tipo 'captacion'" },
    ]);
  });

  it('refuses something that is not a record at all, in Spanish', () => {
    expect(validateCaptacion(null)).toEqual([{ param: '', msg: 'El formato de los datos no es válido' }]);
    expect(validateCaptacion('captación')).toEqual([{ param: '', msg: 'El formato de los datos no es válido' }]);
  });
});

describe('captacionSchema: what it accepts', () => {
  it('takes numbers typed as text, as inputs deliver them', () => {
    const form = broken((f) => {
      const c = f.propiedad.caracteristicas as unknown as Record<string, unknown>;
      c.m2_terreno = '180';
      c.m2_construccion = ' 145.5 ';
      c.habitaciones = '3';
      c.baños = '0';
      c.cocheras = '';
      c.año_construccion = '';
    });
    expect(validateCaptacion(form)).toEqual([]);
  });

  it('takes RFC and CURP in lower case (they are upper-cased before the pattern)', () => {
    const form = broken((f) => {
      f.propietario.rfc = 'herg850315k73';
      f.propietario.curp = 'herg850315mdfrmd09';
    });
    expect(validateCaptacion(form)).toEqual([]);
  });

  it('takes a company RFC of 12 characters and RFCs with Ñ and &', () => {
    for (const rfc of ['GIV050315HN9', 'MUÑA800101AB1', 'A&B0101011A1']) {
      expect(validateCaptacion(broken((f) => (f.propietario.rfc = rfc)))).toEqual([]);
    }
  });

  it('leaves the optional owner fields optional', () => {
    const form = broken((f) => {
      Object.assign(f.propietario, { correo: '', nss: '', rfc: '', curp: '', direccion: '', identificacion: '' });
      f.propiedad.adeudos = [];
      f.datos_laborales = emptyCaptacionForm().datos_laborales;
    });
    expect(validateCaptacion(form)).toEqual([]);
  });

  it('does not check the sale block while the property is not on sale', () => {
    const form = broken((f) => {
      f.venta.en_venta = false;
      f.venta.precio_venta = -1;
      f.venta.comision_venta = 500;
      f.venta.comprador.correo = 'no es correo';
      (f.venta as unknown as Record<string, unknown>).fecha_venta = 'ayer';
    });
    expect(validateCaptacion(form)).toEqual([]);
  });

  it('leaves sale fields labelled * in the UI optional in the rules', () => {
    const form = onSale((f) => {
      f.venta.precio_venta = '';
      f.venta.tipo_credito = '';
      f.venta.comprador = { nombre: '', telefono: '', correo: '', direccion: '' };
    });
    expect(validateCaptacion(form)).toEqual([]);
  });

  it('accepts a third reference without an address', () => {
    const form = broken((f) => {
      f.referencias_personales.push({ ...emptyReferencia(), nombre: 'Ernesto Ruiz', relacion: 'Vecino', telefono: '5511223344' });
    });
    expect(validateCaptacion(form)).toEqual([]);
  });

  it('returns every problem at once, in the order of the form', () => {
    const issues = validateCaptacion(
      broken((f) => {
        f.documentacion.ine = false;
        f.referencias_personales[1].telefono = '';
        f.referencias_personales[0].nombre = '';
        f.propiedad.caracteristicas.baños = '';
        f.propietario.telefono = '123';
      }),
    );
    expect(issues.map((i) => i.param)).toEqual([
      'propietario.telefono',
      'propiedad.caracteristicas.baños',
      'referencias_personales[0].nombre',
      'referencias_personales[1].telefono',
      'documentacion.ine',
    ]);
  });
});

describe('the summary banner', () => {
  const all = (enVenta: boolean): ValidationIssue[] =>
    validateCaptacion(
      broken((f) => {
        f.propietario.nombre = '';
        f.propiedad.direccion.calle = '';
        f.propiedad.caracteristicas.m2_terreno = 0;
        f.propiedad.adeudos[0].monto = -1;
        f.referencias_personales[1].relacion = '';
        f.documentacion.escrituras = false;
        f.venta = { ...sampleVenta(), precio_venta: 4_850_000, en_venta: enVenta, comision_venta: 150 };
      }),
    );

  it('groups by section in tab order, naming the row and the field where the message does not', () => {
    expect(errorsBySection(all(true), true)).toEqual([
      { section: 'Propietario', tab: 0, messages: ['El nombre del propietario es requerido'] },
      { section: 'Propiedad', tab: 1, messages: ['La calle es requerida', 'Terreno (m²): Debe ser un número mayor a 0'] },
      { section: 'Adeudos', tab: 2, messages: ['Adeudo 1: Monto: No puede ser un número negativo'] },
      { section: 'Referencias', tab: 4, messages: ['Referencia 2: El parentesco es requerido'] },
      { section: 'Documentación', tab: 5, messages: ['Las escrituras son obligatorias'] },
      { section: 'Venta', tab: 6, messages: ['La comisión no puede ser mayor a 100%'] },
    ]);
  });

  it('leaves Venta out while en_venta is off, even if given sale problems', () => {
    const sections = errorsBySection(all(true), false).map((s) => s.section);
    expect(sections).toEqual(['Propietario', 'Propiedad', 'Adeudos', 'Referencias', 'Documentación']);
  });

  it('maps the document shape and unnamed blocks too', () => {
    const issues = validateCaptacion(sampleCaptacion({ documentos_entregados: { ine: false }, captacion: { tipo_captacion: '' } }));
    expect(errorsBySection(issues, false)).toEqual([
      { section: 'Documentación', tab: 5, messages: ['La identificación oficial (INE) es obligatoria'] },
      { section: 'Captación', tab: null, messages: ['El tipo de captación es requerido'] },
    ]);
  });

  it('starts with the specified prefix and is empty when all is well', () => {
    expect(ERROR_SUMMARY_PREFIX).toBe('Corrija los siguientes errores antes de guardar: ');
    const text = errorSummaryText(all(false), false);
    expect(text.startsWith('Corrija los siguientes errores antes de guardar: Propietario: El nombre del propietario es requerido; Propiedad: ')).toBe(true);
    expect(errorSummaryText([], true)).toBe('');
  });
});

describe('issuesToFormErrors', () => {
  it('nests server errors the way Formik shows them under each field', () => {
    const errors = issuesToFormErrors([
      { param: 'propietario.telefono', msg: 'El teléfono es requerido' },
      { param: 'referencias_personales[1].nombre', msg: 'El nombre es requerido' },
      { param: 'propietario.telefono', msg: 'segundo mensaje' },
    ]);
    expect(errors).toEqual({
      propietario: { telefono: 'El teléfono es requerido' },
      referencias_personales: [undefined, { nombre: 'El nombre es requerido' }],
    });
  });
});
