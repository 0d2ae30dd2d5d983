/**
 * The gateway's log (docs/operacion.md «Registros»): pino, one JSON object per line on the standard
 * output, each with `time` (ISO 8601), `level` (`info`, `warn`, `error`…) and `msg`; an error's
 * stack goes in `err.stack`, never over several lines. `LOG_LEVEL` chooses the least level
 * written; `LOG_FORMAT=texto` writes the same records readable in a terminal (pino-pretty).
 *
 * What is never logged: passwords, cookies, session ids, tokens, request bodies or query values
 * (the access log, http/access-log.ts, writes its own fields only).
 *
 * Under Vitest the records go through console.error (errors) and console.warn (warnings) instead,
 * so the console guard (testing/console-guard.ts) still fails a test on an error it did not expect;
 * captureLogs() hands a test every line as written.
 */
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['json', 'texto'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

type Target = (line: string) => void;

const LEVEL_OF = /"level":"(\w+)"/;

/** Vitest: errors and warnings to the console (guarded), the rest dropped. */
const consoleTarget: Target = (line) => {
  const level = LEVEL_OF.exec(line)?.[1];
  const text = line.replace(/\n$/, '');
  if (level === 'error' || level === 'fatal') console.error(text);
  else if (level === 'warn') console.warn(text);
};

const stdoutTarget: Target = (line) => {
  process.stdout.write(line);
};

let target: Target = process.env.VITEST ? consoleTarget : stdoutTarget;

export const log: Logger = pino(
  {
    level: 'info',
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Whatever a record is given, these never come out readable.
    redact: { paths: ['password', 'contrasena', 'cookie', 'authorization', '*.password', '*.cookie', '*.authorization', 'headers'], censor: '[oculto]' },
  },
  { write: (line: string) => target(line) },
);

/**
 * Applies LOG_LEVEL and LOG_FORMAT (config.ts) once at start; only the process's entry points call
 * it (main.ts), so a gateway a test starts as a child process writes its real lines.
 */
export function configureLogs(opts: { level: LogLevel; format: LogFormat }): void {
  log.level = opts.level;
  if (opts.format === 'texto') {
    const stream = pretty({ sync: true, colorize: process.stdout.isTTY, translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l' });
    target = (line) => stream.write(line);
  } else {
    target = stdoutTarget;
  }
}

/** Tests: every line written from now on, until `stop()`. */
export function captureLogs(): { lines: string[]; records: () => Array<Record<string, unknown>>; stop: () => void } {
  const previous = target;
  const previousLevel = log.level;
  const lines: string[] = [];
  target = (line) => {
    lines.push(line);
    previous(line);
  };
  log.level = 'info';
  return {
    lines,
    records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    stop: () => {
      target = previous;
      log.level = previousLevel;
    },
  };
}

/**
 * The same error again and again (a database down, a client sending the same bad thing) is counted,
 * not repeated: the first of a key is logged, the next ones within REPEAT_WINDOW_MS only counted,
 * and the first after the window says how many there were (`repeticiones`).
 */
const REPEAT_WINDOW_MS = 60_000;
const seen = new Map<string, { since: number; repeated: number }>();

export function logErrorOnce(key: string, fields: Record<string, unknown>, msg: string, now = Date.now()): void {
  const entry = seen.get(key);
  if (entry && now - entry.since < REPEAT_WINDOW_MS) {
    entry.repeated++;
    return;
  }
  if (seen.size > 1_000) seen.clear();
  seen.set(key, { since: now, repeated: 0 });
  log.error(entry?.repeated ? { ...fields, repeticiones: entry.repeated } : fields, msg);
}
