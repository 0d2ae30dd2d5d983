import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';

/**
 * Idle sockets need no account (issue 33 item 4): one address holds at most
 * `connectionsPerAddress` open connections; one more is closed as it opens, and a freed place
 * serves the next at once.
 */
const MAX = 5;
const gw = gatewayForFile({ timeouts: { connectionsPerAddress: MAX } });
const sockets: Socket[] = [];

// Registered after the gateway's hooks, so it runs before the gateway closes: nothing waits on these.
afterAll(() => {
  for (const s of sockets) s.destroy();
});

function open(): Promise<Socket> {
  const { port: p } = new URL(gw.url);
  return new Promise((resolve, reject) => {
    const s = connect(Number(p), '127.0.0.1', () => resolve(s));
    s.once('error', reject);
    sockets.push(s);
  });
}

/** Resolves with the first bytes the gateway sends, or null when it closes the socket without a word. */
function firstWords(s: Socket): Promise<string | null> {
  return new Promise((resolve) => {
    s.once('data', (d) => resolve(d.toString('latin1')));
    s.once('close', () => resolve(null));
  });
}

describe('connections per address', () => {
  it(`keeps ${MAX} idle sockets of one address, closes the next as it opens, and takes one again when a place frees`, async () => {
    const idle = await Promise.all(Array.from({ length: MAX }, open));
    const extra = await open();
    expect(await firstWords(extra)).toBeNull();
    idle[0].destroy();
    await new Promise((r) => idle[0].once('close', r));
    // The place is given back when the gateway sees the close: ask until a new socket is answered.
    for (;;) {
      const s = await open();
      const words = firstWords(s);
      s.write('GET /api/check-auth HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      const answer = await words;
      if (answer !== null) {
        expect(answer).toMatch(/^HTTP\/1\.1 200/);
        break;
      }
    }
  });
});
