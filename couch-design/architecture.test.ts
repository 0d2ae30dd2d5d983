import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// DESIGN section 2: the direction of imports, checked on the real source files.
const ROOT = path.resolve(__dirname, '..');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2]).filter((s) => s.startsWith('.')).map((s) => path.resolve(path.dirname(file), s));
}

const rel = (p: string) => path.relative(ROOT, p);
const isTest = (f: string) => /\.test\.tsx?$/.test(f);

describe('import boundaries', () => {
  it('couch-design imports neither the PWA nor the gateway', () => {
    const bad = sourceFiles(path.join(ROOT, 'couch-design')).flatMap((f) =>
      relativeImports(f).filter((t) => !rel(t).startsWith('couch-design')).map((t) => `${rel(f)} -> ${rel(t)}`));
    expect(bad).toEqual([]);
  });

  it('the gateway never imports the PWA, and the PWA never imports the gateway outside tests', () => {
    const server = sourceFiles(path.join(ROOT, 'sync-server')).flatMap((f) =>
      relativeImports(f).filter((t) => rel(t).startsWith('pwa')).map((t) => `${rel(f)} -> ${rel(t)}`));
    const pwa = sourceFiles(path.join(ROOT, 'pwa/src')).filter((f) => !isTest(f)).flatMap((f) =>
      relativeImports(f).filter((t) => rel(t).startsWith('sync-server')).map((t) => `${rel(f)} -> ${rel(t)}`));
    expect([...server, ...pwa]).toEqual([]);
  });

  it('PWA features import neither each other nor app/', () => {
    const featuresDir = path.join(ROOT, 'pwa/src/features');
    const bad = sourceFiles(featuresDir).flatMap((f) => {
      const own = rel(f).split(path.sep).slice(0, 4).join(path.sep);
      return relativeImports(f)
        .filter((t) => (rel(t).startsWith(path.join('pwa/src/features')) && !rel(t).startsWith(own + path.sep)) || rel(t).startsWith(path.join('pwa/src/app')))
        .map((t) => `${rel(f)} -> ${rel(t)}`);
    });
    expect(bad).toEqual([]);
  });
});
