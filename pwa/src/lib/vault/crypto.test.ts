/**
 * The base64 text sealed values are stored as: photos are larger than one chunk of the encoder,
 * so every byte value must survive across chunk boundaries, as the standard encoding writes it.
 */
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from './crypto';

describe('the base64 of sealed values', () => {
  it.each([0, 1, 0x8000 - 1, 0x8000, 0x8000 * 3 + 7])('writes and reads %i bytes of every value as standard base64', (n) => {
    const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 151 + (i >> 8)) % 256);
    const text = toBase64(bytes);
    expect(text).toBe(Buffer.from(bytes).toString('base64'));
    expect(fromBase64(text)).toEqual(bytes);
  });
});
