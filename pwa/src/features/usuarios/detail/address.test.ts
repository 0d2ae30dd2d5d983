import { describe, expect, it } from 'vitest';
import { formatAddress } from './address';

describe('user detail address (spec 000 section 2)', () => {
  it("writes the interior number as 'Int.' and the postal code as 'CP'", () => {
    expect(formatAddress({ calle: 'Av. Juárez', nun_ex: '120', num_in: '4B', codigo: '44100' })).toBe('Av. Juárez 120, Int. 4B, CP 44100');
  });

  it('leaves out what is missing, and is empty when nothing is known', () => {
    expect(formatAddress({ calle: 'Calle Pino', nun_ex: '45', num_in: '  ', codigo: '06400' })).toBe('Calle Pino 45, CP 06400');
    expect(formatAddress({})).toBe('');
  });
});
