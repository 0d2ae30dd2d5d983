import { describe, expect, it } from 'vitest';
import { sniffPhotoType } from './foto';

const bytes = (...parts: Array<number[] | string>): Uint8Array =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('profile photos are recognised by their bytes', () => {
  it('accepts PNG, JPEG, GIF and WebP', () => {
    expect(sniffPhotoType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'))).toBe('image/png');
    expect(sniffPhotoType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffPhotoType(bytes('GIF89a', [1, 0]))).toBe('image/gif');
    expect(sniffPhotoType(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffPhotoType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses SVG (it can carry scripts), text renamed .png and anything truncated', () => {
    expect(sniffPhotoType(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffPhotoType(bytes('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(sniffPhotoType(bytes('Hola, esto no es una imagen'))).toBeNull();
    expect(sniffPhotoType(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffPhotoType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(sniffPhotoType(new Uint8Array())).toBeNull();
  });
});
