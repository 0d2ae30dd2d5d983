import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** A built PWA's folder, as `npm run build` leaves it, for a test of how the gateway serves it. */
export interface BuiltPwa {
  /** The folder: give it to the gateway as its `staticDir`. */
  readonly dir: string;
  /** A file of the build, by its path inside the folder. */
  file(name: string): string;
}

/**
 * Writes `files` (paths inside the folder, with their sub-folders) into a fresh folder before the
 * file's first test, and removes the folder after its last. Call it before `gatewayForFile`, whose
 * options read `dir` as the gateway starts.
 */
export function builtPwaForFile(files: Record<string, string | Uint8Array>): BuiltPwa {
  let made: string | undefined;
  const dir = (): string => {
    if (!made) throw new Error('The built PWA is written in beforeAll: read it inside a test or a later hook.');
    return made;
  };
  beforeAll(() => {
    made = mkdtempSync(path.join(tmpdir(), 'inmo-dist-'));
    for (const [name, content] of Object.entries(files)) {
      const file = path.join(made, name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, content);
    }
  });
  afterAll(() => {
    if (made) rmSync(made, { recursive: true, force: true });
  });
  return {
    get dir() { return dir(); },
    file: (name) => path.join(dir(), name),
  };
}
