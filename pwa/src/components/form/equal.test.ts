import { describe, expect, it } from 'vitest';
import { emptyCaptacionForm } from '../../../../couch-design/captacion';
import { jsonEqual } from './equal';

describe('unsaved-changes check', () => {
  it('compares JSON values deeply, whatever the key order', () => {
    expect(jsonEqual({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(jsonEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(jsonEqual({ a: '' }, { a: 0 })).toBe(false);
    expect(jsonEqual({ a: undefined }, {})).toBe(true);
    expect(jsonEqual(emptyCaptacionForm(), emptyCaptacionForm())).toBe(true);
  });
});
