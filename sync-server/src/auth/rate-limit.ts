/**
 * Sign-in attempts limited per address and per address+e-mail, in this process's memory.
 * Behind a load balancer each gateway counts on its own, which still bounds guessing.
 */
export interface LimitVerdict { blocked: boolean; retryAfterSec: number }

interface Bucket { failures: number; resetAt: number }

export class SigninLimiter {
  private buckets = new Map<string, Bucket>();

  constructor(
    private readonly windowMs = 15 * 60 * 1000,
    private readonly maxPerAccount = 5,
    private readonly maxPerAddress = 30,
  ) {}

  private keys(ip: string, email: string): Array<[string, number]> {
    return [[`a:${ip}|${email.trim().toLowerCase()}`, this.maxPerAccount], [`i:${ip}`, this.maxPerAddress]];
  }

  check(ip: string, email: string, now = Date.now()): LimitVerdict {
    let retry = 0;
    for (const [key, max] of this.keys(ip, email)) {
      const b = this.buckets.get(key);
      if (b && b.resetAt > now && b.failures >= max) retry = Math.max(retry, Math.ceil((b.resetAt - now) / 1000));
    }
    return { blocked: retry > 0, retryAfterSec: retry };
  }

  fail(ip: string, email: string, now = Date.now()): void {
    for (const [key] of this.keys(ip, email)) {
      const b = this.buckets.get(key);
      if (!b || b.resetAt <= now) this.buckets.set(key, { failures: 1, resetAt: now + this.windowMs });
      else b.failures++;
    }
    if (this.buckets.size > 50_000) this.sweep(now);
  }

  succeed(ip: string, email: string): void {
    this.buckets.delete(this.keys(ip, email)[0][0]);
  }

  private sweep(now: number): void {
    for (const [k, b] of this.buckets) if (b.resetAt <= now) this.buckets.delete(k);
  }
}

export function tooManyMessage(retryAfterSec: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSec / 60));
  return `Demasiados intentos de inicio de sesión. Intente de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}
