/**
 * Tests only: a `_changes` feed for the directory (DirectoryOptions.changes) that trails a real
 * store the way a CouchDB shard copy behind the write quorum does. The store stays real; only
 * what the directory hears of it lags.
 */
import type { ChangesOptions, ChangesResult, StoreDb } from '../store/port';

export class LaggingFeed {
  /** While held: no new rows, as a copy that has not received the writes yet. */
  held = false;
  private replay: ChangesResult | null = null;

  constructor(private readonly db: StoreDb) {}

  readonly changes = async (opts: ChangesOptions): Promise<ChangesResult> => {
    if (this.replay) {
      const rows = this.replay;
      this.replay = null;
      return rows;
    }
    if (this.held) return { results: [], last_seq: opts.since ?? '0' };
    return this.db.changes(opts);
  };

  /** The rows the store answers now from `since` (an older state, once the documents change). */
  capture(since: string): Promise<ChangesResult> {
    return this.db.changes({ since, include_docs: true, style: 'all_docs' });
  }

  /** Answers the next read with these rows, as a copy still at that older state would. */
  serveNext(rows: ChangesResult): void {
    this.replay = rows;
  }
}
