/** The command line of `npm run backup` and `npm run restore`: a file and, for the restore, `--force`. */
import path from 'node:path';

export interface OpsArgs {
  file?: string;
  force: boolean;
  unknown: string[];
}

export function parseOpsArgs(argv: string[]): OpsArgs {
  const out: OpsArgs = { force: false, unknown: [] };
  for (const a of argv) {
    if (a === '--force' || a === '-f') out.force = true;
    else if (a.startsWith('-')) out.unknown.push(a);
    else if (!out.file) out.file = a;
    else out.unknown.push(a);
  }
  return out;
}

/**
 * npm runs scripts from the project folder; a relative FILE means the folder the operator typed the
 * command in (INIT_CWD), as with any other command.
 */
export const resolveFromCaller = (file: string): string => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));
