/**
 * The few direct calls to Apache CouchDB a benchmark makes besides the gateway's: database URLs,
 * a server-side copy of a database, a note of the bench's own beside its data (`_local`), and
 * deleting every database of the run's prefix.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** `http://user:pass@host:5984` -> base without credentials, and the Authorization header. */
function split(url: string): { base: string; headers: Record<string, string> } {
  const u = new URL(url);
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (u.username || u.password) {
    headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`;
  }
  u.username = '';
  u.password = '';
  return { base: u.toString().replace(/\/+$/, ''), headers };
}

/** The URL of one database, credentials kept (PouchDB's HTTP adapter sends them as Basic auth). */
export const databaseUrl = (url: string, name: string): string => `${url.replace(/\/+$/, '')}/${encodeURIComponent(name)}`;

async function call<T>(url: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const { base, headers } = split(url);
  const res = await fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`CouchDB ${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** `target` becomes an exact copy of `source` (same revisions, design documents included), made by CouchDB itself. */
export async function copyDatabase(url: string, source: string, target: string): Promise<void> {
  await call(url, `/${encodeURIComponent(target)}`, { method: 'PUT' });
  const r = await call<{ ok?: boolean; docs_written?: number }>(url, '/_replicate', {
    method: 'POST',
    body: { source: databaseUrl(url, source), target: databaseUrl(url, target) },
  });
  if (!r.ok) throw new Error(`CouchDB no copió ${source} en ${target}: ${JSON.stringify(r)}`);
}

/**
 * A `_local` document of a database, or null when there is none: `_local` documents never
 * replicate and never appear in `_changes`, so a bench can keep a note beside its data that no
 * gateway and no device ever reads.
 */
export async function readLocal<T>(url: string, db: string, id: string): Promise<T | null> {
  const { base, headers } = split(url);
  const res = await fetch(`${base}/${encodeURIComponent(db)}/_local/${encodeURIComponent(id)}`, { headers });
  if (res.status === 404) return (void (await res.body?.cancel()), null);
  const text = await res.text();
  if (!res.ok) throw new Error(`CouchDB GET _local/${id} de ${db}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

export async function writeLocal(url: string, db: string, id: string, body: object): Promise<void> {
  const rev = (await readLocal<{ _rev?: string }>(url, db, id))?._rev;
  await call(url, `/${encodeURIComponent(db)}/_local/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...body, ...(rev ? { _rev: rev } : {}) } });
}

export async function docCount(url: string, name: string): Promise<number> {
  return (await call<{ doc_count: number }>(url, `/${encodeURIComponent(name)}`)).doc_count;
}

/** Deletes every database whose name starts with `prefix`; answers how many. */
export async function deleteDatabases(url: string, prefix: string): Promise<number> {
  if (!prefix) throw new Error('Sin prefijo no se borra nada.');
  const all = await call<string[]>(url, '/_all_dbs');
  const mine = all.filter((name) => name.startsWith(prefix));
  for (const name of mine) await call(url, `/${encodeURIComponent(name)}`, { method: 'DELETE' });
  return mine.length;
}

/**
 * The process id of the CouchDB at `url` when it runs on this machine (the process listening on
 * its port, found through /proc), to read its CPU time; undefined when it is elsewhere or this is
 * not Linux. Several CouchDB nodes may run here: only the one on that port counts.
 */
export function localCouchPid(url: string): number | undefined {
  try {
    const u = new URL(url);
    if (!/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(u.hostname)) return undefined;
    const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
    const inodes = new Set<string>();
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      let text = '';
      try {
        text = readFileSync(table, 'utf8');
      } catch {
        continue;
      }
      for (const line of text.split('\n').slice(1)) {
        const f = line.trim().split(/\s+/);
        // local_address is ADDR:PORT in hex; state 0A is LISTEN; the inode is the 10th field.
        if (f.length > 9 && parseInt(f[1].split(':')[1], 16) === port && f[3] === '0A') inodes.add(f[9]);
      }
    }
    if (inodes.size === 0) return undefined;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let fds: string[] = [];
      try {
        fds = readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue;
      }
      for (const fd of fds) {
        try {
          const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
          if (m && inodes.has(m[1])) return Number(pid);
        } catch {
          // closed meanwhile
        }
      }
    }
  } catch {
    // no /proc
  }
  return undefined;
}
