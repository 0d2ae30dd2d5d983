import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staleBuildReason } from './pwa-build';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'inmo-build-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes `file` under the fake repository with its modification time `minutesAgo` minutes back. */
function put(file: string, minutesAgo: number): void {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, 'x');
  const when = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(full, when, when);
}

describe('npm start builds only when needed', () => {
  beforeEach(() => {
    put('pwa/src/app/App.tsx', 30);
    put('couch-design/usuario/schema.ts', 30);
    put('vite.config.ts', 30);
    put('package.json', 30);
  });

  it('builds when there is no build', () => {
    expect(staleBuildReason(root)).toBe('no hay compilación en dist/');
  });

  it('does not build when the build is newer than every source', () => {
    put('dist/index.html', 10);
    expect(staleBuildReason(root)).toBeNull();
  });

  it('builds again when the PWA, the shared contract, the Vite config or the dependencies changed after the build', () => {
    put('dist/index.html', 10);
    for (const changed of ['pwa/src/features/x/Pantalla.tsx', 'couch-design/roles.ts', 'vite.config.ts', 'package-lock.json']) {
      put(changed, 1);
      expect(staleBuildReason(root)).toBe(`${changed} cambió después de la última compilación`);
      put(changed, 20);
    }
  });

  it('ignores tests and the gateway, which never enter the build', () => {
    put('dist/index.html', 10);
    put('pwa/src/app/App.test.tsx', 1);
    put('couch-design/roles.test.ts', 1);
    put('sync-server/src/main.ts', 1);
    expect(staleBuildReason(root)).toBeNull();
  });
});
