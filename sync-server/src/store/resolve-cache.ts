/**
 * Remembers where a relative `require` made inside node_modules resolves. pouchdb-node's LevelDB
 * layers (sublevel-pouchdb's readable-stream 1.1) call `require('./_stream_duplex')` in every
 * stream they construct, and the gateway runs under tsx, whose resolver answers each call from
 * scratch (reading package.json files) where Node's own would use its cache: measured on a push
 * of 1,000 photo documents to the embedded store, 16 % of the process's CPU. A relative request
 * from a file that never moves always names the same file, so one answer per (file, request)
 * holds for the life of the process; anything else goes to the resolver unchanged.
 */
import Module from 'node:module';

type Resolve = (request: string, parent: { filename?: string | null } | undefined, isMain: boolean, options?: unknown) => string;
const loader = Module as unknown as { _resolveFilename: Resolve & { cachedRelative?: true } };

if (!loader._resolveFilename.cachedRelative) {
  const resolve = loader._resolveFilename;
  const known = new Map<string, string>();
  const cached: Resolve & { cachedRelative?: true } = function (this: unknown, request, parent, isMain, options) {
    const from = parent?.filename;
    if (options !== undefined || !from || !request.startsWith('.') || !from.includes('node_modules')) return resolve.call(this, request, parent, isMain, options);
    const key = `${from}\u0000${request}`;
    let file = known.get(key);
    if (file === undefined) known.set(key, (file = resolve.call(this, request, parent, isMain, options)));
    return file;
  };
  cached.cachedRelative = true;
  loader._resolveFilename = cached;
}
