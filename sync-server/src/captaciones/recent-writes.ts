/**
 * A person's last captación writes, carried by their own browser to whichever gateway serves
 * their next list: the write's answer sets a short-lived cookie with the ids and revisions it
 * stored, and `GET /api/captaciones` on any gateway makes sure its directory shows them
 * (directory.ts, `confirm`). The gateway that made the write shows it anyway; this is for the
 * next list landing on another gateway behind a load balancer, whose feed may still trail.
 *
 * Only a hint, never trusted: ids and revisions are checked for shape, and a forged one only makes
 * the gateway read those documents' current state from the store, which any list may show (the
 * list still applies the person's scope). No store write, no session change: a cookie costs the
 * write nothing. Clients without cookies get the gateway's own writes and the feed.
 */
import type { Request, Response } from 'express';
import { isValidId } from '../http/ids';
import type { RevisionRef } from './directory';

export const RECENT_WRITES_COOKIE = 'inmo_escrituras';
/** Sent only with the captaciones endpoints. */
const COOKIE_PATH = '/api/captaciones';
/** Far longer than a feed copy trails a confirmed write; then the feed shows it anyway. */
const MAX_AGE_MS = 2 * 60_000;
/** The newest writes kept: enough for a person saving a few in a row. */
const MAX_WRITES = 4;
/** Below any browser's per-cookie limit (4 KB). */
const MAX_VALUE_LENGTH = 3_000;
const REV = /^[1-9]\d{0,9}-[0-9a-zA-Z]{1,64}$/;

const isRef = (v: unknown): v is [string, string] =>
  Array.isArray(v) && v.length === 2 && isValidId(v[0]) && typeof v[1] === 'string' && REV.test(v[1]);

/** The writes the request's cookie names, newest last; none when it is absent or malformed. */
export function recentWrites(req: Request): RevisionRef[] {
  const header = req.headers.cookie;
  if (!header) return [];
  const prefix = `${RECENT_WRITES_COOKIE}=`;
  const raw = header.split(/;\s*/).find((c) => c.startsWith(prefix))?.slice(prefix.length);
  if (!raw || raw.length > MAX_VALUE_LENGTH * 3) return [];
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isRef).slice(-MAX_WRITES).map(([id, rev]) => ({ id, rev }));
  } catch {
    return [];
  }
}

/** Adds a write this answer stored to the cookie (replacing an older one of the same id). */
export function rememberWrite(req: Request, res: Response, written: RevisionRef): void {
  let refs = [...recentWrites(req).filter((r) => r.id !== written.id), written].slice(-MAX_WRITES);
  const encode = (list: RevisionRef[]): string => JSON.stringify(list.map((r) => [r.id, r.rev]));
  while (refs.length > 1 && encodeURIComponent(encode(refs)).length > MAX_VALUE_LENGTH) refs = refs.slice(1);
  res.cookie(RECENT_WRITES_COOKIE, encode(refs), {
    path: COOKIE_PATH,
    maxAge: MAX_AGE_MS,
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
  });
}
