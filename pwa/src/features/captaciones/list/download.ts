import { saveBytes } from '../pdf';
import { csvFileName, rowsToCsv } from './csv';
import type { ListRow } from './rows';

export function downloadCsv(rows: readonly ListRow[], filtered: boolean, now = new Date()): void {
  saveBytes(new Blob([rowsToCsv(rows)], { type: 'text/csv;charset=utf-8' }), csvFileName(now, filtered), 'text/csv');
}
