import { describe, expect, it } from 'vitest';
import { sampleCaptacion, sampleVenta } from '../captacion/fixtures';
import { SIN_ADEUDOS, SIN_REFERENCIAS } from '../captacion/rules';
import { captacionPdf, captacionPdfFileName } from './index';
import { pdfText } from './layout';

/** The built-in fonts write Latin-1 bytes into uncompressed streams: latin1 decoding reads them back. */
const textOf = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

describe('captacionPdf', () => {
  it('makes a PDF with the record id, the generation date, the owner and es-MX amounts and dates', async () => {
    const c = { ...sampleCaptacion(), _id: 'cap-2025-0042' };
    const bytes = await captacionPdf(c, { asesor: 'Laura Méndez Ruiz', generatedAt: new Date('2025-04-02T18:30:00Z') });
    const text = textOf(bytes);
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('Folio: cap-2025-0042');
    expect(text).toContain('Generado: 02/04/2025');
    expect(text).toContain('Asesor: Laura Méndez Ruiz');
    expect(text).toContain('María Guadalupe Hernández Ramírez');
    expect(text).toContain('Fecha de captación: 14/03/2025');
    // Debts and income in es-MX money, plus the debts' total.
    expect(text).toContain('$4,850.75');
    expect(text).toContain('$1,320.00');
    expect(text).toContain('$6,170.75');
    expect(text).toContain('$28,500.00');
    expect(text).toContain('145.5 m²');
    expect(text).toContain('Página 1 de');
  });

  it('prints the seven sections in order, with Sí/No for the document boxes', async () => {
    const text = textOf(await captacionPdf({ ...sampleCaptacion(), _id: 'c1' }));
    const positions = ['1. Propietario', '2. Propiedad', '3. Adeudos', '4. Datos Laborales', '5. Referencias', '6. Documentos', '7. Venta'].map((t) => text.indexOf(t));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain('(Sí)');
    expect(text).toContain('(No)');
    expect(text).toContain('Claudia Sánchez Morales');
  });

  it('shows the sale details only when the property is on sale', async () => {
    const onSale = textOf(await captacionPdf({ ...sampleCaptacion({ venta: sampleVenta() }), _id: 'c2' }));
    expect(onSale).toContain('Precio de venta');
    expect(onSale).toContain('$4,850,000.00');
    expect(onSale).toContain('20/06/2025');
    expect(onSale).toContain('Ricardo Alejandro Torres Vega');
    expect(onSale).toContain('INFONAVIT');

    const notOnSale = textOf(await captacionPdf({ ...sampleCaptacion(), _id: 'c3' }));
    expect(notOnSale).toContain('7. Venta');
    expect(notOnSale).not.toContain('Precio de venta');
  });

  it("prints '-' and the empty texts for a bare legacy record instead of failing", async () => {
    const text = textOf(await captacionPdf({ _id: 'legacy-1', type: 'captacion', propietario: { nombre: 'Ana Ruiz' } }));
    expect(text).toContain('Ana Ruiz');
    expect(text).toContain(SIN_ADEUDOS);
    expect(text).toContain(SIN_REFERENCIAS);
    expect(text).toContain('Nunca editado');
    expect(text).toMatch(/\(-\) Tj/);
  });

  it('keeps Spanish letters and turns what the built-in fonts cannot print into plain text', () => {
    expect(pdfText('Ñoño — “Peña” ¿sí?')).toBe('Ñoño - "Peña" ¿sí?');
    expect(pdfText('日本')).toBe('??');
  });

  it('names the download captacion_{id}.pdf', () => {
    expect(captacionPdfFileName('abc-1')).toBe('captacion_abc-1.pdf');
  });
});
