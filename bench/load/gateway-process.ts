/**
 * The gateway as a separate process (`sync-server/src/main.ts`, the production entry point), so a
 * benchmark can kill it with SIGKILL, as a crash or an OOM kill would, start a new one on the same
 * data and port, and read what the process itself spends (CPU, memory) apart from the clients.
 * On the embedded store (a LevelDB folder) one process at a time; on Apache CouchDB (`couchdbUrl`)
 * several at once, each on its own port with the same prefix and session secret, as behind a
 * load balancer.
 *
 * Started with `node --import tsx`, not the `tsx` command: that one runs the gateway in a child
 * of its own, and a SIGKILL would reach only the wrapper.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const READY_TIMEOUT_MS = 60_000;
const PROBE_TIMEOUT_MS = 15_000;

export interface GatewaySettings {
  port: number;
  /** LevelDB folder of the embedded store (unused with `couchdbUrl`). */
  dataDir: string;
  /** Apache CouchDB instead of the embedded store; empty or absent: the embedded store. */
  couchdbUrl?: string;
  dbPrefix: string;
  sessionSecret: string;
  /** Extra environment (e.g. TRUST_PROXY). */
  env?: Record<string, string>;
  /** Extra options for node (e.g. --cpu-prof), placed before the script. */
  nodeArgs?: string[];
}

/** What the process holds in memory, in MB (Linux /proc; NaN elsewhere or once it is gone). */
export interface MemoryUse {
  /** Resident now (VmRSS). */
  rssMb: number;
  /** The highest resident size the process reached (VmHWM). */
  peakMb: number;
}

export interface GatewayProcess {
  readonly url: string;
  readonly pid: number | undefined;
  /** SIGKILL: no cleanup, no closing of the store. */
  kill(): Promise<void>;
  /** SIGTERM: the gateway closes its store and exits. */
  stop(): Promise<void>;
  /** CPU seconds the process has used so far (Linux /proc; NaN elsewhere). */
  cpuSeconds(): number;
  memory(): MemoryUse;
}

/** Node's options to write the process's CPU profile into `folder` (none without one). */
export function cpuProfileArgs(folder: string | undefined): string[] {
  return folder ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(folder)}`] : [];
}

/** Linux counts CPU time in /proc in clock ticks of 1/100 s (USER_HZ). */
const USER_HZ = 100;

export function cpuSecondsOf(pid: number | undefined): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
  } catch {
    return NaN;
  }
}

export function memoryOf(pid: number | undefined): MemoryUse {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return { rssMb: NaN, peakMb: NaN };
  }
}

/** A port that was free a moment ago (the gateway must keep one port across restarts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));

/** Starts the gateway and resolves once it answers HTTP. */
export async function startGatewayProcess(s: GatewaySettings, log: (line: string) => void = () => undefined): Promise<GatewayProcess> {
  const url = `http://127.0.0.1:${s.port}`;
  const child = spawn(process.execPath, [...(s.nodeArgs ?? []), '--import', 'tsx', 'sync-server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...s.env,
      PORT: String(s.port),
      HOST: '127.0.0.1',
      DATA_DIR: s.dataDir,
      COUCH_DB_PREFIX: s.dbPrefix,
      SESSION_SECRET: s.sessionSecret,
      COUCHDB_URL: s.couchdbUrl ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The last lines explain a gateway that would not start.
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      tail.push(line);
      if (tail.length > 20) tail.shift();
      log(line);
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  // A benchmark that dies must not leave a gateway holding the port and the data folder.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const gone = exited(child).then(() => process.off('exit', orphanGuard));

  const end = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`El gateway terminó al arrancar (código ${child.exitCode}):\n${tail.join('\n')}`);
    // Until it listens the connection is refused at once; once it listens, a slow first answer
    // (devices retrying all at once) is waited for rather than abandoned and asked again.
    const up = await fetch(`${url}/api/check-auth`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).then(
      (r) => (void r.body?.cancel(), true),
      () => false,
    );
    if (up) break;
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`El gateway no respondió en ${READY_TIMEOUT_MS / 1000} s:\n${tail.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    pid: child.pid,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    memory: () => memoryOf(child.pid),
    async kill() {
      child.kill('SIGKILL');
      await gone;
    },
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}
