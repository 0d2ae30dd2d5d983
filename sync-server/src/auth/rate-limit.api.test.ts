import { describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import { startGateway, type TestGateway } from '../testing/gateway';
import { DEFAULT_SIGNIN_LIMITS } from './rate-limit';

/**
 * Password guessing, as an attacker would run it: in parallel, spread over addresses and over
 * gateways. A 401 means the guess reached the password check; a 429 means it was refused before.
 */
const { perAddressAndAccount, perAccount, perAddress } = DEFAULT_SIGNIN_LIMITS;
const TOO_MANY = /^Demasiados intentos de inicio de sesión\. Intente de nuevo en \d+ minutos?\.$/;

const gw = gatewayForFile({ trustProxy: true });

async function signIn(g: TestGateway, email: string, password: string, address?: string) {
  const res = await fetch(`${g.url}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { mensaje?: string } };
}

const count = (rs: Array<{ status: number }>, status: number) => rs.filter((r) => r.status === status).length;

function expectRefused(r: { status: number; retryAfter: string | null; body: { mensaje?: string } }) {
  expect(r.status).toBe(429);
  expect(Number(r.retryAfter)).toBeGreaterThan(0);
  expect(Number(r.retryAfter)).toBeLessThanOrEqual(DEFAULT_SIGNIN_LIMITS.windowMs / 1000);
  expect(r.body.mensaje).toMatch(TOO_MANY);
}

describe('sign-in rate limit', () => {
  it('refuses 100 parallel guesses from one address before the password check, the right one included', async () => {
    const victim = await gw.createUser({ role: 'administrator' });
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 99 ? victim.password : `mal-${i}`));
    const rs = await Promise.all(guesses.map((p) => signIn(gw, victim.email, p, '203.0.113.7')));
    expect(count(rs, 401) + count(rs, 200)).toBeLessThanOrEqual(perAddressAndAccount);
    expect(count(rs, 401)).toBeGreaterThan(0);
    expect(count(rs, 429)).toBeGreaterThanOrEqual(100 - perAddressAndAccount);
    expect(count(rs, 429) + count(rs, 401) + count(rs, 200)).toBe(100);
    rs.filter((r) => r.status === 429).forEach(expectRefused);
  });

  it('refuses guesses for one account spread over many addresses', async () => {
    const victim = await gw.createUser({ role: 'administrator' });
    const rs = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(gw, victim.email, `mal-${i}`, `198.51.100.${i % 30}`)));
    expect(count(rs, 401)).toBeLessThanOrEqual(perAccount);
    expect(count(rs, 429)).toBeGreaterThanOrEqual(60 - perAccount);
    rs.filter((r) => r.status === 429).forEach(expectRefused);
    // The right password from an address never used before: the account is what is protected.
    expectRefused(await signIn(gw, victim.email, victim.password, '192.0.2.200'));
    // Those addresses are not barred from other accounts.
    const other = await gw.createUser({ role: 'user' });
    expect((await signIn(gw, other.email, other.password, '198.51.100.1')).status).toBe(200);
  });

  it('limits one address across many accounts', async () => {
    const rs = await Promise.all(Array.from({ length: perAddress + 20 }, (_, i) => signIn(gw, `nadie${i}@ejemplo.mx`, 'x', '203.0.113.99')));
    expect(count(rs, 401)).toBeLessThanOrEqual(perAddress);
    expect(count(rs, 429)).toBeGreaterThanOrEqual(20);
  });

  it('starts the account over after a successful sign-in, and successes do not use up an address', async () => {
    const u = await gw.createUser({ role: 'user' });
    const address = '203.0.113.50';
    for (let i = 0; i < perAddressAndAccount - 1; i++) expect((await signIn(gw, u.email, `mal-${i}`, address)).status).toBe(401);
    expect((await signIn(gw, u.email, u.password, address)).status).toBe(200);
    for (let i = 0; i < perAddressAndAccount; i++) expect((await signIn(gw, u.email, `otra-${i}`, address)).status).toBe(401);
    expectRefused(await signIn(gw, u.email, u.password, address));
    // Many people behind one office address signing in correctly are never refused.
    const office = '203.0.113.60';
    for (let i = 0; i < perAddress + 5; i++) {
      const p = await gw.createUser({ role: 'user' });
      expect((await signIn(gw, p.email, p.password, office)).status).toBe(200);
    }
  });

  it('shares the count between gateways on the same store', async () => {
    const first = await startGateway();
    const second = await startGateway({ store: first.store, dbPrefix: first.config.dbPrefix });
    try {
      const u = await first.createUser({ role: 'user' });
      const half = Math.ceil(perAddressAndAccount / 2);
      for (let i = 0; i < half; i++) expect((await signIn(first, u.email, `mal-${i}`)).status).toBe(401);
      for (let i = half; i < perAddressAndAccount; i++) expect((await signIn(second, u.email, `mal-${i}`)).status).toBe(401);
      expectRefused(await signIn(second, u.email, u.password));
      expectRefused(await signIn(first, u.email, u.password));
      // Parallel guesses on both at once stay within the one limit.
      const v = await first.createUser({ role: 'user' });
      const rs = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(i % 2 ? first : second, v.email, `mal-${i}`)));
      expect(count(rs, 401)).toBeLessThanOrEqual(perAddressAndAccount);
      expect(count(rs, 429)).toBeGreaterThanOrEqual(40 - perAddressAndAccount);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
