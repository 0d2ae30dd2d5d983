import { describe, expect, it } from 'vitest';
import { nominaPdf, nominaPdfFileName, NOMINA_PDF_EMPRESA } from './index';

/** The built-in fonts write Latin-1 bytes into uncompressed streams: latin1 decoding reads them back. */
const textOf = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

const nomina = {
  _id: 'nom-2026-11-15-maria',
  type: 'nomina' as const,
  empleadoId: 'emp-maria',
  empleado: 'María López Sánchez',
  conceptoDePago: 'Pago de nómina quincenal, segunda quincena de noviembre',
  salario: 9250.5,
  fecha: '2026-11-15',
};

describe('nominaPdf', () => {
  it('states the company, the employee, the payment date, the concept and the amount in es-MX form, as text', async () => {
    const text = textOf(await nominaPdf(nomina, { generatedAt: new Date('2026-11-16T18:30:00Z') }));
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('Recibo de Nómina');
    expect(text).toContain(`Empresa: ${NOMINA_PDF_EMPRESA}`);
    expect(text).toContain('María López Sánchez');
    expect(text).toContain('emp-maria');
    expect(text).toContain('15/11/2026');
    expect(text).toContain('Pago de nómina quincenal, segunda quincena de noviembre');
    expect(text).toContain('$9,250.50');
    expect(text).toContain('Folio: nom-2026-11-15-maria');
    expect(text).toContain('Generado: 16/11/2026');
    expect(text).toContain('Página 1 de 1');
    // Text drawn with a font (Tj operators), not an embedded image.
    expect(text).toMatch(/\(\$9,250.50\) Tj/);
    expect(text).not.toMatch(/\/Subtype \/Image/);
  });

  it('names another company when asked', async () => {
    expect(textOf(await nominaPdf(nomina, { empresa: 'Bienes Raíces del Bajío' }))).toContain('Empresa: Bienes Raíces del Bajío');
  });

  it("prints 'Sin concepto', 'N/A' and '$0.00' for a bare legacy payslip instead of failing", async () => {
    const text = textOf(await nominaPdf({ _id: 'legado-1' }));
    expect(text).toContain('Sin concepto');
    expect(text).toContain('N/A');
    expect(text).toContain('$0.00');
  });

  it('reads a legacy dd/mm/yyyy date', async () => {
    expect(textOf(await nominaPdf({ ...nomina, fecha: '30/09/2026' }))).toContain('30/09/2026');
  });

  it('names the download nomina-{fecha}.pdf with the ISO date', () => {
    expect(nominaPdfFileName(nomina)).toBe('nomina-2026-11-15.pdf');
    expect(nominaPdfFileName({ fecha: '30/09/2026' })).toBe('nomina-2026-09-30.pdf');
    expect(nominaPdfFileName({})).toBe('nomina-sin-fecha.pdf');
  });
});
