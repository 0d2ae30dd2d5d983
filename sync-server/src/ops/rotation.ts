/**
 * `npm run backup -- --rotar CARPETA`: which backups of a folder are kept. Each backup's date is
 * the `AAAA-MM-DD` in its name (the guide's `inmobiliaria-$(date +%F).ndjson.gz`); kept are the
 * files of the newest `daily` dates, and the newest file of each of the newest `monthly` months.
 * Only complete backups (`….ndjson` or `….ndjson.gz` with a date) are ever considered: anything
 * else in the folder, partial files included, is left alone.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

export interface RotationRule {
  daily: number;
  monthly: number;
}

export const DEFAULT_ROTATION: RotationRule = { daily: 14, monthly: 12 };

const BACKUP_NAME = /(\d{4})-(\d{2})-(\d{2}).*\.ndjson(\.gz)?$/;

export interface RotationPlan {
  keep: string[];
  remove: string[];
}

/** Pure: the names to keep and to remove, newest first. */
export function planRotation(names: readonly string[], rule: RotationRule): RotationPlan {
  const dated = names
    .map((name) => ({ name, m: BACKUP_NAME.exec(name) }))
    .filter((x): x is { name: string; m: RegExpExecArray } => x.m !== null)
    .map(({ name, m }) => ({ name, day: `${m[1]}-${m[2]}-${m[3]}`, month: `${m[1]}-${m[2]}` }))
    // Newest first; two files of one day by name, the later name first.
    .sort((a, b) => (a.day === b.day ? b.name.localeCompare(a.name) : b.day.localeCompare(a.day)));
  const keep = new Set<string>();
  const days = [...new Set(dated.map((d) => d.day))].slice(0, rule.daily);
  for (const d of dated) if (days.includes(d.day)) keep.add(d.name);
  const months = [...new Set(dated.map((d) => d.month))].slice(0, rule.monthly);
  for (const month of months) keep.add(dated.find((d) => d.month === month)!.name);
  return { keep: dated.filter((d) => keep.has(d.name)).map((d) => d.name), remove: dated.filter((d) => !keep.has(d.name)).map((d) => d.name) };
}

/** Applies the plan to `folder`; answers what it removed and kept. */
export function rotateFolder(folder: string, rule: RotationRule): RotationPlan {
  const files = readdirSync(folder, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  const plan = planRotation(files, rule);
  for (const name of plan.remove) rmSync(path.join(folder, name));
  return plan;
}
