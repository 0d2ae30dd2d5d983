/**
 * A large JSON answer written in slices, each slice's serialisation its own task: a `_changes`
 * page of 2,000 rows with their documents (megabytes) stringified at once held the event loop for
 * hundreds of milliseconds, and every other person's request waited behind it (issue 33 item 4,
 * docs/architecture.md section 4, «Respuestas grandes en rebanadas»). Between slices every other
 * pending request gets its turn; a slow reader's backpressure is awaited, so the answer is never
 * held whole in memory twice.
 * The bytes are the same JSON `JSON.stringify` writes for the object.
 */
import type { Response } from 'express';
import { nextTurn } from './chunks';

/** Rows serialised per task: a few milliseconds for the largest documents a page may hold. */
export const ROWS_PER_TURN = 100;

const drained = (res: Response): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });

/**
 * Writes `{ [key]: rows, ...rest }` as JSON (then `suffix`) and ends the answer. Headers already
 * sent (a longpoll's heartbeats) are kept; otherwise a 200 with the JSON content type.
 */
export async function sendJsonInTurns(res: Response, key: string, rows: readonly unknown[], rest: Record<string, unknown>, suffix = ''): Promise<void> {
  if (!res.headersSent) res.status(200).type('application/json');
  // One slice is one task anyway: sent whole, so it goes with its length (and compressed at once).
  if (rows.length <= ROWS_PER_TURN) {
    const body = JSON.stringify({ [key]: rows, ...rest }) + suffix;
    if (res.headersSent) res.end(body);
    else res.send(body);
    return;
  }
  const write = async (chunk: string): Promise<void> => {
    if (!res.write(chunk) && !res.destroyed) await drained(res);
  };
  await write(`{${JSON.stringify(key)}:[`);
  for (let i = 0; i < rows.length && !res.destroyed; i += ROWS_PER_TURN) {
    if (i > 0) await nextTurn();
    const slice = JSON.stringify(rows.slice(i, i + ROWS_PER_TURN));
    await write((i > 0 ? ',' : '') + slice.slice(1, -1));
  }
  const tail = JSON.stringify(rest);
  res.end(`]${tail === '{}' ? '' : ',' + tail.slice(1, -1)}}${suffix}`);
}
