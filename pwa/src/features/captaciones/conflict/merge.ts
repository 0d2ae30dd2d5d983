/**
 * Section-by-section merge of a conflicted captación (docs/architecture.md section 5): the seven sections of
 * the form, each taken whole from the version the person picked. Everything outside the
 * sections (adviser, capture date, status, history) comes from the current winner, which the
 * gateway treats as the record's identity.
 */
import { CAPTACION_TABS, type Captacion } from '../../../../../couch-design/captacion';

export type SectionKey = 'propietario' | 'propiedad' | 'adeudos' | 'datos_laborales' | 'referencias' | 'documentos' | 'venta';

export interface ConflictSection {
  key: SectionKey;
  label: string;
}

const SECTION_KEYS: readonly SectionKey[] = ['propietario', 'propiedad', 'adeudos', 'datos_laborales', 'referencias', 'documentos', 'venta'];

/** The seven tabs, in their order, labelled as the form labels them. */
export const CONFLICT_SECTIONS: readonly ConflictSection[] = SECTION_KEYS.map((key, i) => ({ key, label: CAPTACION_TABS[i] }));

type Dict = Record<string, unknown>;
const dict = (v: unknown): Dict => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Dict) : {});
const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/** The part of a version one section stands for. */
export function sectionValue(doc: unknown, key: SectionKey): unknown {
  const d = dict(doc);
  switch (key) {
    case 'propietario':
      return d.propietario;
    case 'propiedad': {
      const { adeudos: _adeudos, ...rest } = dict(d.propiedad);
      return rest;
    }
    case 'adeudos':
      return dict(d.propiedad).adeudos ?? [];
    case 'datos_laborales':
      return d.datos_laborales;
    case 'referencias':
      return d.referencias_personales ?? [];
    case 'documentos':
      return { documentos_entregados: d.documentos_entregados, documentos: d.documentos };
    case 'venta':
      return d.venta;
  }
}

function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((v as Dict)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/** True when the versions disagree on this section (so the person has a real choice to make). */
export function sectionDiffers(versions: readonly unknown[], key: SectionKey): boolean {
  const first = stable(sectionValue(versions[0], key));
  return versions.some((v) => stable(sectionValue(v, key)) !== first);
}

function applySection(target: Dict, source: unknown, key: SectionKey): void {
  const s = dict(source);
  switch (key) {
    case 'propietario':
      target.propietario = clone(s.propietario);
      break;
    case 'propiedad': {
      const adeudos = dict(target.propiedad).adeudos;
      target.propiedad = { ...clone(dict(s.propiedad)), adeudos };
      break;
    }
    case 'adeudos':
      target.propiedad = { ...dict(target.propiedad), adeudos: clone(dict(s.propiedad).adeudos ?? []) };
      break;
    case 'datos_laborales':
      target.datos_laborales = clone(s.datos_laborales);
      break;
    case 'referencias':
      target.referencias_personales = clone(s.referencias_personales ?? []);
      break;
    case 'documentos':
      target.documentos_entregados = clone(s.documentos_entregados);
      target.documentos = clone(s.documentos);
      break;
    case 'venta':
      target.venta = clone(s.venta);
      break;
  }
}

export type SectionChoice = Partial<Record<SectionKey, number>>;

/**
 * The document to keep: version 0 (the current winner) with each section replaced by the one of
 * the version chosen for it (index into `versions`; missing means 0). `_id` and `_rev` of the
 * winner stay; `_conflicts` goes.
 */
export function mergeBySection(versions: readonly Captacion[], choice: SectionChoice): Captacion {
  if (versions.length === 0) throw new Error('No hay versiones que combinar.');
  const merged = clone(versions[0]) as unknown as Dict;
  delete merged._conflicts;
  for (const { key } of CONFLICT_SECTIONS) {
    const index = choice[key] ?? 0;
    const source = versions[index];
    if (index !== 0 && source) applySection(merged, source, key);
  }
  return merged as unknown as Captacion;
}

/** Revisions to delete once the merged winner is written: every version but the winner. */
export function losingRevisions(versions: readonly Captacion[]): string[] {
  return versions.slice(1).map((v) => v._rev).filter((r): r is string => typeof r === 'string' && r !== '');
}
