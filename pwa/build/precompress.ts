/**
 * Every text asset of the build also as `.br` and `.gz` beside it, compressed once at build time
 * at the strongest settings, so the gateway sends them compressed without spending CPU per
 * request (sync-server/src/http/precompressed.ts). Small files gain nothing and are left alone.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this a compressed answer saves less than a round of headers. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside each compressible file of `dir`; answers how many files. */
export async function precompressDir(dir: string): Promise<number> {
  const work: Array<Promise<void>> = [];
  for await (const file of files(dir)) {
    if ((await stat(file)).size < MIN_BYTES) continue;
    work.push(
      readFile(file).then(async (raw) => {
        const data = new Uint8Array(raw);
        const [br, gzipped] = await Promise.all([
          brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
          gz(data, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.br`, new Uint8Array(br)), writeFile(`${file}.gz`, new Uint8Array(gzipped))]);
      }),
    );
  }
  await Promise.all(work);
  return work.length;
}

/** Runs last, after the service worker is written, over the whole output folder. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'inmo:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}
