import { describe, expect, it } from 'vitest';
import { expectAnswers } from '../testing/answers';
import {
  CAPTACION_TABS,
  debtStatusChip,
  ESTADO_CIVIL_OPTIONS,
  ESTATUS_VENTA_OPTIONS,
  normalizeTipoCredito,
  PARENTESCO_OPTIONS,
  saleStatusChip,
  statusChip,
  TAB_COUNT,
  TIPO_ADEUDO_OPTIONS,
  TIPO_CREDITO_OPTIONS,
  TIPO_PROPIEDAD_OPTIONS,
  TURNO_OPTIONS,
} from './options';

describe('option lists (one union list per option, docs/architecture.md section 7)', () => {
  it('holds both screens’ readings', () => {
    expect(ESTADO_CIVIL_OPTIONS).toEqual(['Soltero', 'Casado', 'Divorciado', 'Viudo', 'Unión Libre']);
    const createTypes = ['Casa', 'Departamento', 'Terreno', 'Local', 'Bodega', 'Edificio'];
    const editTypes = ['Casa', 'Departamento', 'Terreno', 'Local Comercial', 'Oficina'];
    expect(TIPO_PROPIEDAD_OPTIONS).toEqual(expect.arrayContaining([...createTypes, ...editTypes]));
    expect(new Set(TIPO_PROPIEDAD_OPTIONS).size).toBe(8);
    expect(TIPO_ADEUDO_OPTIONS).toEqual(['Predial', 'Agua', 'Hipoteca', 'CFE', 'Mantenimiento', 'Gas', 'Otro']);
    expect(TIPO_CREDITO_OPTIONS).toEqual(['Contado', 'INFONAVIT', 'FOVISSSTE', 'Crédito Bancario', 'Mixto']);
    expect(TURNO_OPTIONS).toEqual(['Matutino', 'Vespertino', 'Nocturno', 'Mixto']);
    expect(PARENTESCO_OPTIONS).toEqual(['Familiar', 'Amigo', 'Vecino', 'Compañero de Trabajo', 'Otro']);
    expect(ESTATUS_VENTA_OPTIONS).toEqual(['En proceso', 'Vendida', 'Cancelada']);
  });

  it('reads the edit screen’s credit values as the union values', () => {
    expectAnswers(normalizeTipoCredito, [
      ['Infonavit', 'INFONAVIT'],
      ['Fovissste', 'FOVISSSTE'],
      ['Bancario', 'Crédito Bancario'],
      ['credito bancario', 'Crédito Bancario'],
      ['Mixto', 'Mixto'],
      ['Contado', 'Contado'],
      ['Cofinavit', 'Cofinavit'],
      [undefined, ''],
    ]);
    for (const v of TIPO_CREDITO_OPTIONS) expect(normalizeTipoCredito(v)).toBe(v);
  });

  it('names the seven tabs in order', () => {
    expect(CAPTACION_TABS).toEqual(['Propietario', 'Propiedad', 'Adeudos', 'Datos Laborales', 'Referencias', 'Documentos', 'Venta']);
    expect(TAB_COUNT).toBe(7);
  });
});

describe('statusChip', () => {
  it('colours the list statuses as specified', () => {
    expectAnswers(statusChip, [
      ['Captación', { label: 'Captación', color: 'blue' }],
      ['En trámite legal', { label: 'En trámite legal', color: 'purple' }],
      ['En remodelación', { label: 'En remodelación', color: 'amber' }],
      ['En venta', { label: 'En venta', color: 'green' }],
      ['Vendida', { label: 'Vendida', color: 'green' }],
      ['Cancelada', { label: 'Cancelada', color: 'red' }],
    ]);
  });

  it('shows the default Pendiente and unknown statuses in grey, a missing one as Desconocido', () => {
    expectAnswers(statusChip, [
      ['Pendiente', { label: 'Pendiente', color: 'grey' }],
      ['Error', { label: 'Error', color: 'grey' }],
      [undefined, { label: 'Desconocido', color: 'grey' }],
      ['', { label: 'Desconocido', color: 'grey' }],
      [null, { label: 'Desconocido', color: 'grey' }],
    ]);
  });

  it('recognises a status typed without accents or in another case', () => {
    expect(statusChip('captacion')).toEqual({ label: 'Captación', color: 'blue' });
    expect(statusChip('EN TRAMITE LEGAL')).toEqual({ label: 'En trámite legal', color: 'purple' });
  });

  it('colours sale and debt statuses of the detail screen', () => {
    expect(saleStatusChip('Vendida').color).toBe('green');
    expect(saleStatusChip('Cancelada').color).toBe('red');
    expect(saleStatusChip('En proceso').color).toBe('amber');
    expect(debtStatusChip('Pagado').color).toBe('green');
    expect(debtStatusChip('Pendiente').color).toBe('amber');
    expect(debtStatusChip('')).toEqual({ label: 'Desconocido', color: 'grey' });
  });
});
