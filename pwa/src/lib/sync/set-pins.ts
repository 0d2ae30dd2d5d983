/**
 * The last answer the gateway gave about which records the person pinned on their devices, per set
 * (issue 34, docs/architecture.md «El conjunto del dispositivo»): offline, a 'Disponible sin conexión'
 * switch shows it, disabled, rather than nothing. Ids only, so it stays in clear beside the last
 * sync's time (docs/architecture.md «Datos cifrados en el dispositivo»); wiping the person removes it
 * (vault/wipe.ts). Kept from every set answer: the screens' own and the engine's budget passes.
 */
import { defaultKeyValueStore, type KeyValueStore } from './meta';

export function setPinsKey(userId: string): string {
  return `inmo_sync_${userId}_fijadas`;
}

type Known = Record<string, string[]>;

const listeners = new Set<() => void>();
/** The parsed value of each raw text seen, so a hook gets the same set while nothing changed. */
let cached: { raw: string | null; known: Known } = { raw: null, known: {} };
const sets = new Map<string, ReadonlySet<string>>();

function read(userId: string, kv: KeyValueStore): Known {
  const raw = kv.get(setPinsKey(userId));
  if (raw === cached.raw) return cached.known;
  let known: Known = {};
  try {
    const parsed = JSON.parse(raw ?? '{}') as Record<string, unknown>;
    for (const [path, ids] of Object.entries(parsed)) if (Array.isArray(ids)) known[path] = ids.filter((x): x is string => typeof x === 'string');
  } catch {
    known = {};
  }
  cached = { raw, known };
  sets.clear();
  return known;
}

/** The ids the person had pinned in the set listed at `path` when this device last asked, or null if it never did. */
export function lastPins(userId: string, path: string, kv: KeyValueStore = defaultKeyValueStore): ReadonlySet<string> | null {
  const ids = read(userId, kv)[path];
  if (!ids) return null;
  const key = `${userId}\u0000${path}`;
  let set = sets.get(key);
  if (!set) sets.set(key, (set = new Set(ids)));
  return set;
}

/** The gateway just said which ids the person pinned in the set at `path`. */
export function rememberPins(userId: string, path: string, ids: readonly string[], kv: KeyValueStore = defaultKeyValueStore): void {
  const known = { ...read(userId, kv), [path]: [...ids].sort() };
  if (JSON.stringify(known) === cached.raw) return;
  kv.set(setPinsKey(userId), JSON.stringify(known));
  for (const l of [...listeners]) l();
}

/** One id pinned or unpinned, as the gateway answered a switch. */
export function rememberPin(userId: string, path: string, id: string, pinned: boolean, kv: KeyValueStore = defaultKeyValueStore): void {
  const ids = new Set(read(userId, kv)[path] ?? []);
  if (pinned) ids.add(id);
  else ids.delete(id);
  rememberPins(userId, path, [...ids], kv);
}

export function subscribePins(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
