import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { COMPILE_ALL_ON_LOAD, compileHints } from './compile-hints';

it('puts the hint first in the chunks a first screen runs, once, and leaves the others alone', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'inmo-hints-'));
  const files = { 'kit-a.js': 'const __vite__mapDeps=1;\nexport{};', 'forms-b.js': 'export{};' };
  for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dir, name), code);
  const bundle = {
    'kit-a.js': { type: 'chunk', name: 'kit', fileName: 'kit-a.js' },
    'forms-b.js': { type: 'chunk', name: 'forms', fileName: 'forms-b.js' },
  };
  const write = compileHints(/^kit$/).writeBundle as (options: { dir: string }, bundle: unknown) => Promise<void>;
  await write({ dir }, bundle);
  await write({ dir }, bundle);
  expect(readFileSync(path.join(dir, 'kit-a.js'), 'utf8')).toBe(`${COMPILE_ALL_ON_LOAD}\n${files['kit-a.js']}`);
  expect(readFileSync(path.join(dir, 'forms-b.js'), 'utf8')).toBe(files['forms-b.js']);
});
