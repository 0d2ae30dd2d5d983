/**
 * Keeps the directory warm while the gateway runs. It follows the `_changes` feed (a longpoll
 * that wakes on every write, whichever process made it), so the catch-up each request does first
 * stays small even right after a bulk import; and it saves the directory's snapshot once writes
 * pause (or at least every minute while they do not), so the next start reads the snapshot
 * instead of every document.
 */
import type { StoreDb } from '../store/port';
import type { CaptacionesDirectory } from './directory';
import { saveSnapshot } from './directory-snapshot';
import { log } from '../log';

export interface KeeperOptions {
  /** Smaller directories are rebuilt from the documents in well under a second: no snapshot. */
  minEntries?: number;
  /** Writes paused this long: save. */
  quietMs?: number;
  /** Unsaved changes this old are saved even while writes go on. */
  maxDirtyMs?: number;
}

/** How long one longpoll waits for a change before asking again. */
const WAIT_MS = 60_000;
const MAX_RETRY_MS = 30_000;

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

export class DirectoryKeeper {
  private readonly stopped = new AbortController();
  private readonly minEntries: number;
  private readonly quietMs: number;
  private readonly maxDirtyMs: number;
  /** The directory's change count when its snapshot was last saved (a restored one counts as saved). */
  private savedChanges = 0;
  private dirtySince: number | null = null;
  private quiet: NodeJS.Timeout | undefined;
  private saving: Promise<void> | null = null;

  constructor(
    private readonly db: StoreDb,
    private readonly dir: CaptacionesDirectory,
    opts: KeeperOptions = {},
  ) {
    this.minEntries = opts.minEntries ?? 2_000;
    this.quietMs = opts.quietMs ?? 1_000;
    this.maxDirtyMs = opts.maxDirtyMs ?? 60_000;
  }

  start(): void {
    void this.follow();
  }

  /** Stops following; a save already writing finishes on its own. */
  stop(): void {
    this.stopped.abort();
    clearTimeout(this.quiet);
  }

  private async follow(): Promise<void> {
    const { signal } = this.stopped;
    let failures = 0;
    while (!signal.aborted) {
      try {
        await this.dir.refresh();
        failures = 0;
        this.afterCatchUp();
        await this.db.changes({ since: this.dir.position(), feed: 'longpoll', limit: 1, timeout: WAIT_MS, signal });
      } catch (e) {
        if (signal.aborted) return;
        // Requests catch up on their own and report their errors; this only says why it waits.
        if (failures++ === 0) log.error({ err: e }, 'El directorio de captaciones no pudo seguir los cambios; se reintentará');
        await sleep(Math.min(MAX_RETRY_MS, 500 * 2 ** failures), signal);
      }
    }
  }

  private dirty(): boolean {
    const { changeCount, size } = this.dir.progress();
    return changeCount !== this.savedChanges && size >= this.minEntries;
  }

  private afterCatchUp(): void {
    if (!this.dirty() || this.stopped.signal.aborted) return;
    const now = Date.now();
    this.dirtySince ??= now;
    clearTimeout(this.quiet);
    if (now - this.dirtySince >= this.maxDirtyMs) {
      void this.save();
      return;
    }
    this.quiet = setTimeout(() => void this.save(), this.quietMs);
    this.quiet.unref();
  }

  private save(): Promise<void> {
    if (this.saving) return this.saving;
    const snapshot = this.dir.snapshot();
    let saved = false;
    this.saving = saveSnapshot(this.db, snapshot)
      // A snapshot another gateway saved at the same moment serves the next start as well as ours.
      .then(() => {
        this.savedChanges = snapshot.changeCount;
        this.dirtySince = null;
        saved = true;
      })
      .catch((e: unknown) => {
        if (!this.stopped.signal.aborted) log.error({ err: e }, 'No se pudo guardar el directorio de captaciones');
      })
      .finally(() => {
        this.saving = null;
        // Changes that arrived while saving wait for their own quiet moment; a failed save waits for the next change.
        if (saved) this.afterCatchUp();
      });
    return this.saving;
  }
}
