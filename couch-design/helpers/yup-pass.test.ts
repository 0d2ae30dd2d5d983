import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { docToForm } from '../captacion/convert';
import { sampleCaptacion } from '../captacion/fixtures';
import { captacionDocSchema, captacionSchema } from '../captacion/schema';
import { passesSchema } from './yup-pass';

const yupAccepts = (schema: yup.Schema, value: unknown): boolean => {
  try {
    schema.validateSync(value, { abortEarly: false });
    return true;
  } catch {
    // A refusal, or Yup failing on a value of the wrong kind (an object where a text belongs).
    return false;
  }
};

/** Values that break (or test the edges of) some rule somewhere. */
const PROBES: unknown[] = [undefined, null, '', '   ', ' x ', 'ab', 'abc', 'x'.repeat(5001), 0, -1, 1.5, 12, 1e12, NaN, '12', '-3', 'abc1', true, false, 'true', {}, [], [''], { url: 'https://a.mx/f.jpg' }, '5512345678', '12345', '2024-02-30', '2024-01-05', '31/12/2023', 'a@b', 'a@b.mx', 'HERG850315K73', 'herg850315k73', 'Casado', 'CDMX', 'Jalisco'];

/** Every path to a leaf of a document (objects by key, arrays by index). */
function leafPaths(v: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(v)) return v.length ? v.flatMap((x, i) => leafPaths(x, [...path, i])) : [path];
  if (typeof v === 'object' && v !== null) {
    const entries = Object.entries(v);
    return entries.length ? entries.flatMap(([k, x]) => leafPaths(x, [...path, k])) : [path];
  }
  return [path];
}

function withValue(doc: unknown, path: Array<string | number>, value: unknown): unknown {
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]] = value;
  return copy;
}

function variants(valid: unknown): unknown[] {
  const out: unknown[] = [valid];
  for (const path of leafPaths(valid)) {
    if (path.length === 0) continue;
    for (const probe of PROBES) out.push(withValue(valid, path, probe));
    // A block or list replaced whole, not only its leaves.
    for (let cut = 1; cut < path.length; cut++) for (const probe of [undefined, null, 'x', [], {}]) out.push(withValue(valid, path.slice(0, cut), probe));
  }
  return out;
}

describe('passesSchema: Yup’s acceptance without its machinery', () => {
  const onSale = sampleCaptacion({ venta: { en_venta: true, precio_venta: 1_500_000, comision_venta: 5, fecha_venta: '2024-05-02' } });
  const cases: Array<[string, yup.Schema, unknown]> = [
    ['the stored captación', captacionDocSchema(), sampleCaptacion()],
    ['the stored captación on sale', captacionDocSchema(), onSale],
    ['the captación form', captacionSchema(), docToForm(onSale)],
  ];

  it.each(cases)('agrees with Yup on every broken variant of %s', (_name, schema, valid) => {
    const all = variants(valid);
    expect(all.length).toBeGreaterThan(1_000);
    let accepted = 0;
    const disagreements: string[] = [];
    for (const v of all) {
      const fast = passesSchema(schema, v);
      const slow = yupAccepts(schema, v);
      if (slow) accepted++;
      if (fast !== slow) disagreements.push(JSON.stringify(v).slice(0, 300));
    }
    expect(disagreements).toEqual([]);
    // Both answers occur: the variants do break rules, and valid ones are told apart.
    expect(accepted).toBeGreaterThan(10);
    expect(accepted).toBeLessThan(all.length - 100);
  });

  it('leaves to Yup what it cannot be sure of: references, conditions, async tests, strict fields', () => {
    const refs = yup.object({ a: yup.number(), b: yup.number().min(yup.ref('a')) });
    expect(yupAccepts(refs, { a: 1, b: 2 })).toBe(true);
    expect(passesSchema(refs, { a: 1, b: 2 })).toBe(false);

    const when = yup.object({ a: yup.boolean(), b: yup.string().when('a', { is: true, then: (s) => s.required() }) });
    expect(yupAccepts(when, { a: false })).toBe(true);
    expect(passesSchema(when, { a: false })).toBe(false);

    const slow = yup.object({ a: yup.string().test('later', 'no', async () => true) });
    expect(passesSchema(slow, { a: 'x' })).toBe(false);

    const strict = yup.object({ a: yup.string().strict() });
    expect(passesSchema(strict, { a: 'x' })).toBe(false);
  });

  it('refuses what a custom test refuses or throws on, and accepts what every test accepts', () => {
    const even = yup.object({ n: yup.number().test('par', 'impar', (v) => v === undefined || v % 2 === 0) });
    expect(passesSchema(even, { n: 2 })).toBe(true);
    expect(passesSchema(even, { n: '4' })).toBe(true);
    expect(passesSchema(even, { n: 3 })).toBe(false);
    const throwing = yup.object({ t: yup.string().test('boom', 'x', () => { throw new Error('boom'); }) });
    expect(passesSchema(throwing, { t: 'a' })).toBe(false);
  });
});
