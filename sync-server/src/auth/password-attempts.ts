/**
 * The current-password check of `PUT /api/users/{id}/password` is a password guess like a sign-in:
 * someone holding a stolen session could otherwise try passwords there without limit (40 parallel
 * tries all reached the hash). It is counted by the sign-in limiter, in the same counters for the
 * same account (keyed by its e-mail): guesses through either door add up, and the right password
 * through either gives the account its attempts back.
 */
import { HttpError } from '../http/errors';
import { SigninLimiter, tooManyMessage } from './rate-limit';
import { log } from '../log';

/** 429 with the seconds to wait, which the route sends as Retry-After. */
export class TooManyAttempts extends HttpError {
  constructor(public readonly retryAfterSec: number) {
    super(429, tooManyMessage(retryAfterSec, 'con la contraseña actual'));
  }
}

/** Who is guessing: the client's address and the account whose password is checked. */
export interface Guesser { ip: string; account: string }

export interface PasswordChecks {
  /** Runs `verify` once the attempt is counted; throws TooManyAttempts when the window is used up. */
  check(who: Guesser, verify: () => Promise<boolean>): Promise<boolean>;
}

export class LimitedPasswordChecks implements PasswordChecks {
  constructor(private readonly limiter: SigninLimiter) {}

  async check(who: Guesser, verify: () => Promise<boolean>): Promise<boolean> {
    // Reserved synchronously before any await: parallel guesses cannot all pass before one is counted.
    const reserved = this.limiter.reserve(who.ip, who.account);
    if (reserved.blocked) throw new TooManyAttempts(reserved.retryAfterSec);
    const verdict = await this.limiter.confirm(reserved.attempt);
    if (verdict.blocked) throw new TooManyAttempts(verdict.retryAfterSec);
    const ok = await verify();
    if (ok) {
      await this.limiter
        .succeeded(reserved.attempt)
        .catch((e: unknown) => log.error({ err: e }, 'No se pudieron reiniciar los intentos de contraseña'));
    }
    return ok;
  }
}
