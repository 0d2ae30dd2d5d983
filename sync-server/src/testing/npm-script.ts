import { spawn } from 'node:child_process';
import path from 'node:path';
import { watchProcess, type MainProcess } from './main-process';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * `npm run <script> -- <args>` as an operator or a process manager runs it: the signals a test
 * sends go to npm's own pid. Always on the embedded store (COUCHDB_URL cleared), whatever the run.
 */
export function npmRun(script: string, args: string[], env: Record<string, string>): MainProcess {
  const child = spawn('npm', ['run', script, ...(args.length ? ['--', ...args] : [])], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', SESSION_SECRET: 'secreto-de-pruebas', COUCHDB_URL: '', ADMIN_PASSWORD: '', ADMIN_EMAIL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watchProcess(child);
}

/** Runs a script to its end; answers its exit code and everything it printed. */
export async function npmOutcome(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const run = npmRun(script, args, env);
  // 'close', not 'exit': the last lines may still be in the pipes when the process exits.
  const code = await new Promise<number | null>((resolve) => run.child.once('close', (c: number | null) => resolve(c)));
  return { code, output: run.output() };
}
