/**
 * `npm run backup -- --verificar ARCHIVO`: proof that a backup restores, without a server. The
 * file is checked line by line (structure, counts, each database's SHA-256: verifyBackup), then
 * restored into a store in memory, read back as a new backup would read it, and each database's
 * content compared with the file's, revision for revision (attachments by their bytes). A copy
 * kept off-site can be checked this way on any machine with the project.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmbeddedStore, MEMORY } from '../store/embedded';
import { writeBackup } from './backup';
import { backupFileSink, BadBackup, readBackupLines, verifyBackup, type BackupSummary } from './backup-format';
import { restoreBackup } from './restore';

/** A revision as stored, the same whichever store wrote it (attachments by content type and bytes only). */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return Object.fromEntries(entries.map(([k, v]) => [k, k === '_attachments' ? attachmentsByContent(v) : canonical(v)]));
  }
  return value;
}
const attachmentsByContent = (atts: unknown): unknown =>
  Object.fromEntries(
    Object.entries(atts as Record<string, { content_type: string; data: string }>)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([n, a]) => [n, { content_type: a.content_type, data: a.data }]),
  );

/** Each database's revisions and kept `_local` documents of a backup file, as sorted canonical JSON lines. */
export async function contentOf(file: string): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  let base = '';
  for await (const { line } of readBackupLines(file)) {
    if ('base' in line) {
      base = line.base;
      out.set(base, []);
    } else if ('doc' in line) out.get(base)!.push(JSON.stringify(canonical(line.doc)));
    else if ('local' in line) out.get(base)!.push(`local ${JSON.stringify(canonical(line.local))}`);
  }
  for (const lines of out.values()) lines.sort();
  return out;
}

const digest = (lines: string[]): string => createHash('sha256').update(lines.join('\n')).digest('hex');

export interface RestoreCheck {
  summary: BackupSummary;
  bases: Array<{ base: string; revisiones: number; datos: number }>;
}

export async function checkBackupRestores(file: string): Promise<RestoreCheck> {
  const summary = await verifyBackup(file);
  const store = createEmbeddedStore(MEMORY, `verificacion_${randomUUID().slice(0, 8)}_`);
  const work = mkdtempSync(path.join(tmpdir(), 'inmo-verificacion-'));
  try {
    await restoreBackup(store, file);
    const again = path.join(work, 'releido.ndjson');
    const sink = backupFileSink(again);
    await writeBackup(store, sink.stream);
    sink.stream.end();
    await sink.finished;
    await sink.commit();
    const [original, restored] = await Promise.all([contentOf(file), contentOf(again)]);
    const bases: RestoreCheck['bases'] = [];
    for (const [base, lines] of restored) {
      const expected = original.get(base) ?? [];
      if (lines.length !== expected.length || digest(lines) !== digest(expected)) {
        throw new BadBackup(`El respaldo ${file} no se restaura igual: la base ${base} tiene ${expected.length} revisiones en el archivo y ${lines.length} (o un contenido distinto) al restaurarla.`);
      }
      const s = summary.bases.find((b) => b.base === base);
      bases.push({ base, revisiones: lines.length, datos: s?.datos ?? 0 });
    }
    return { summary, bases };
  } finally {
    await store.close().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}
