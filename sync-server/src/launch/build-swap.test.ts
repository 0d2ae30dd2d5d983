/**
 * An upgrade in place (issue 32): `npm run build` writes a new folder and swaps it in at the end,
 * so a gateway serving `dist/` meanwhile answers `/`, `/sw.js` and the previous build's assets
 * with 200 throughout, and a build that never finishes leaves the previous one in service.
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startGateway } from '../testing/gateway';
import { BUILDS, newBuildFolder, swapBuild } from './pwa-build';

const root = mkdtempSync(path.join(tmpdir(), 'inmo-cambio-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A build as Vite leaves it: the page, the service worker and one hashed asset named after `n`. */
function fakeBuild(n: number): string {
  const dir = newBuildFolder(root);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head><script type="module" src="/assets/index-${n}.js"></script></head><body>compilación ${n}</body></html>`);
  writeFileSync(path.join(dir, 'sw.js'), `/* sw ${n} */`);
  writeFileSync(path.join(dir, 'assets', `index-${n}.js`), `console.log(${n});`);
  return dir;
}

describe('swapping a build under a running gateway', { timeout: 60_000 }, () => {
  it('converts an older real dist/ folder into the link, keeping its assets', () => {
    const dist = path.join(root, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), 'vieja');
    writeFileSync(path.join(dist, 'assets', 'index-viejo.js'), 'viejo');
    swapBuild(root, fakeBuild(0));
    expect(lstatSync(dist).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(dist, 'index.html'), 'utf8')).toContain('compilación 0');
    expect(readFileSync(path.join(dist, 'assets', 'index-viejo.js'), 'utf8')).toBe('viejo');
    expect(readdirSync(path.join(root, BUILDS))).toHaveLength(1);
  });

  it('answers /, /sw.js and the old assets with 200 all through thirty swaps', async () => {
    const gw = await startGateway({ staticDir: path.join(root, 'dist') });
    let stop = false;
    const statuses: string[] = [];
    const asker = (async () => {
      while (!stop) {
        for (const p of ['/', '/sw.js', '/assets/index-0.js']) {
          const res = await fetch(`${gw.url}${p}`, { headers: p === '/' ? { accept: 'text/html' } : {} });
          await res.arrayBuffer();
          statuses.push(`${p} ${res.status}`);
        }
      }
    })();
    try {
      for (let n = 1; n <= 30; n++) {
        swapBuild(root, fakeBuild(n));
        // Let requests run between swaps, as a build's minute would.
        const seen = statuses.length;
        while (statuses.length < seen + 3) await new Promise((r) => setTimeout(r, 5));
      }
    } finally {
      stop = true;
      await asker;
      await gw.close();
    }
    expect(statuses.length).toBeGreaterThan(90);
    expect(statuses.filter((s) => !s.endsWith(' 200'))).toEqual([]);
    const page = readFileSync(path.join(root, 'dist', 'index.html'), 'utf8');
    expect(page).toContain('compilación 30');
    expect(readdirSync(path.join(root, BUILDS))).toHaveLength(1);
    expect(existsSync(path.join(root, 'dist', 'assets', 'index-1.js'))).toBe(true);
  });
});
