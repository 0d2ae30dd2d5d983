/**
 * The one error a screen meets when a read or a write fails (issue 21): what the server said,
 * its field errors, and whether it could be reached at all. The HTTP client throws it, and so
 * may any other transport; screens test for this class and never for the client's.
 */
import type { ValidationIssue } from '../../../../couch-design/helpers/form-errors';

export interface DataErrorOptions {
  errors?: ValidationIssue[];
  /** The request never reached the server (no network, DNS, refused, timed out). */
  offline?: boolean;
  /** The server answered something that is not JSON (proxy error page, captive portal). */
  notJson?: boolean;
  body?: unknown;
}

export class DataError extends Error {
  /** The HTTP status of the answer; 0 when there was none. */
  readonly status: number;
  readonly errors?: ValidationIssue[];
  readonly offline: boolean;
  readonly notJson: boolean;
  readonly body?: unknown;

  constructor(message: string, status: number, options: DataErrorOptions = {}) {
    super(message);
    // The console and old logs name it so: kept from when the HTTP client owned the class.
    this.name = 'ApiError';
    this.status = status;
    this.errors = options.errors;
    this.offline = options.offline ?? false;
    this.notJson = options.notJson ?? false;
    this.body = options.body;
  }
}

/** The answer said no without an HTTP error (spec 000 section 8: "when success is false"). */
export class RefusedAnswer extends Error {}

/** The server could not be reached at all, as opposed to answering "no". */
export function isUnreachable(err: unknown): boolean {
  if (!(err instanceof DataError)) return false;
  return err.offline || err.notJson || err.status === 502 || err.status === 503 || err.status === 504;
}

/** The server's own words, when the failure carries any (a local database's English never counts). */
export function serverMessage(err: unknown): string | undefined {
  return err instanceof DataError && err.message ? err.message : undefined;
}

/** The server's own words for a refusal it explained; none when it could not be reached. */
export function refusalMessage(err: unknown): string | undefined {
  return err instanceof DataError && !err.offline && !err.notJson && err.message ? err.message : undefined;
}
