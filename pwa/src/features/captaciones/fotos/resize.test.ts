import { describe, expect, it } from 'vitest';
import { MINIATURA_LADO, ORIGINAL_LADO } from '../../../../../couch-design/fotos/types';
import { CALIDAD_MINIMA, fitWithin, nextQuality, ORIGINAL_CALIDAD } from './resize';
import { swipeDirection } from './Visor';
import { judgeSpace, BYTES_POR_FOTO, RESERVA_AVISO } from './space';

describe('photo resizing, the pure parts', () => {
  it('fits a 12 MP camera photo to 1600 px on its long side, landscape or portrait, keeping the proportions', () => {
    expect(fitWithin(4032, 3024, ORIGINAL_LADO)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032, ORIGINAL_LADO)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(4032, 3024, MINIATURA_LADO)).toEqual({ width: 320, height: 240 });
  });

  it('never enlarges a small photo, and never gives a side of 0 px', () => {
    expect(fitWithin(800, 600, ORIGINAL_LADO)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(10000, 3, MINIATURA_LADO)).toEqual({ width: 320, height: 1 });
    expect(fitWithin(0, 0, MINIATURA_LADO)).toEqual({ width: 1, height: 1 });
  });

  it('lowers the JPEG quality step by step while the encoding is too large, down to a floor', () => {
    expect(nextQuality(300_000, ORIGINAL_CALIDAD, 450 * 1024)).toBeNull();
    expect(nextQuality(900_000, 0.8, 450 * 1024)).toBe(0.7);
    expect(nextQuality(900_000, 0.6, 450 * 1024)).toBe(0.5);
    expect(nextQuality(900_000, CALIDAD_MINIMA, 450 * 1024)).toBeNull();
  });
});

describe('the full-screen view', () => {
  it('reads a horizontal swipe as next (to the left) or previous (to the right), and ignores taps and scrolls', () => {
    expect(swipeDirection({ x: 300, y: 200 }, { x: 150, y: 210 })).toBe(1);
    expect(swipeDirection({ x: 150, y: 200 }, { x: 300, y: 190 })).toBe(-1);
    expect(swipeDirection({ x: 150, y: 200 }, { x: 160, y: 200 })).toBe(0);
    expect(swipeDirection({ x: 150, y: 100 }, { x: 220, y: 400 })).toBe(0);
  });
});

describe('room on the device', () => {
  it('refuses photos that would not fit, in Spanish, warns when little room would be left, and lets them through without an estimate', () => {
    const refused = judgeSpace({ used: 1e9, free: BYTES_POR_FOTO * 2 }, 3);
    expect(refused).toEqual({ ok: false, error: expect.stringContaining('No hay espacio suficiente en este dispositivo') as unknown });
    const warned = judgeSpace({ used: 1e9, free: RESERVA_AVISO }, 1);
    expect(warned.ok && warned.warning).toMatch(/^Queda poco espacio en este dispositivo \(/);
    expect(judgeSpace({ used: 0, free: 10 * RESERVA_AVISO }, 3)).toEqual({ ok: true, warning: null });
    expect(judgeSpace(null, 50)).toEqual({ ok: true, warning: null });
  });
});
