import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

export interface MainProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves once the output matches `pattern`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

/** The gateway's entry point (main.ts) as a child process, its output collected. */
export function startMain(env: Record<string, string>): MainProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', SESSION_SECRET: 'secreto-de-pruebas', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watchProcess(child);
}

/** Any child process with piped output, collected for `waitFor` and `output`. */
export function watchProcess(child: ChildProcess): MainProcess {
  let out = '';
  const waiters = new Set<() => void>();
  const onData = (b: Buffer): void => {
    out += b.toString('utf8');
    for (const w of waiters) w();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (!pattern.test(out)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No apareció ${pattern} en:\n${out}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
