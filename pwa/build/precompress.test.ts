import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes a brotli and a gzip copy beside each text file worth it, decoding to the same bytes', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'inmo-build-'));
    mkdirSync(path.join(dir, 'assets'));
    const js = `export const texto = ${JSON.stringify('Captación inmobiliaria '.repeat(100))};`;
    writeFileSync(path.join(dir, 'assets', 'index-Ab12.js'), js);
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>Hola</p>'.repeat(200)}`);
    writeFileSync(path.join(dir, 'assets', 'chico-Cd34.js'), 'export {};');
    writeFileSync(path.join(dir, 'icono.png'), new Uint8Array(4096));

    expect(await precompressDir(dir)).toBe(2);

    const file = path.join(dir, 'assets', 'index-Ab12.js');
    expect(brotliDecompressSync(new Uint8Array(readFileSync(`${file}.br`))).toString('utf8')).toBe(js);
    expect(gunzipSync(new Uint8Array(readFileSync(`${file}.gz`))).toString('utf8')).toBe(js);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(js.length / 5);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    // Too small to gain anything, or compressed already: left alone.
    expect(existsSync(path.join(dir, 'assets', 'chico-Cd34.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'icono.png.gz'))).toBe(false);
  });
});
