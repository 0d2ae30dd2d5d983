/**
 * The pieces every PDF of the back-office shares (captación, payslip): loading jsPDF, text the
 * built-in fonts can print, section tables, the header and the page numbers.
 *
 * jsPDF and jspdf-autotable are imported dynamically inside `loadPdfKit`, so the browser fetches
 * them only when someone makes a PDF (they weigh more than the rest of the entry bundle). The
 * same code runs in Node: the `jspdf` package resolves to its node build there.
 */
import type { jsPDF as JsPdf } from 'jspdf';
import type { UserOptions } from 'jspdf-autotable';

export type PdfDoc = JsPdf;
export type PdfTableOptions = UserOptions;

export interface PdfKit {
  doc: PdfDoc;
  table(options: UserOptions): void;
}

type PdfLibraries = [typeof import('jspdf'), typeof import('jspdf-autotable')];
let libraries: Promise<PdfLibraries> | null = null;

/**
 * jsPDF and jspdf-autotable, imported once and kept: the gateway loads them at start
 * (sync-server/src/main.ts), so replacing `node_modules` under a running gateway (`npm ci` during
 * an upgrade) cannot make a later PDF fail to find them. A failed import is tried again next time.
 */
export function loadPdfLibraries(): Promise<PdfLibraries> {
  libraries ??= Promise.all([import('jspdf'), import('jspdf-autotable')]).catch((e: unknown) => {
    libraries = null;
    throw e;
  });
  return libraries;
}

/**
 * `compress: false` keeps the content streams readable: tests (and anyone grepping a download)
 * find the owner's name and the amounts as plain text. The files stay small (tens of KB).
 */
export async function loadPdfKit(): Promise<PdfKit> {
  const [{ jsPDF }, { autoTable }] = await loadPdfLibraries();
  const doc = new jsPDF({ unit: 'mm', format: 'letter', orientation: 'portrait', compress: false });
  return { doc, table: (options) => autoTable(doc, options) };
}

/** Where the last table ended, to place the next block under it. */
export function lastTableEnd(doc: PdfDoc, fallback: number): number {
  const last = (doc as unknown as { lastAutoTable?: { finalY?: number } | false }).lastAutoTable;
  return last && typeof last.finalY === 'number' ? last.finalY : fallback;
}

const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201C': '"', '\u201D': '"', '\u201E': '"',
  '\u2013': '-', '\u2014': '-', '\u2212': '-', '\u2026': '...', '\u2022': '-', '\u00A0': ' ',
  '\u20AC': 'EUR', '\u2122': 'TM',
};

/**
 * Text the built-in (Helvetica) fonts can print. They cover Latin-1, so every Spanish letter
 * (á é í ó ú ü ñ ¿ ¡ and capitals) prints as typed; jsPDF silently drops anything else, so
 * typographic quotes and dashes become their plain forms and other symbols '?'.
 */
export function pdfText(value: string): string {
  let out = '';
  for (const ch of value.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if (code > 0xff) out += REPLACEMENTS[ch] ?? '?';
    // Control characters would print as boxes; tabs and line breaks are kept for wrapping.
    else if ((code < 0x20 && ch !== '\t' && ch !== '\n' && ch !== '\r') || code === 0x7f) continue;
    else out += ch;
  }
  return out;
}

export const EMPTY = '-';

/** A filled text, or '-' (spec 2.6: an empty value shows as '-'). */
export function orDash(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : EMPTY;
  if (typeof value !== 'string') return EMPTY;
  const s = value.trim();
  return s === '' ? EMPTY : pdfText(s);
}

export const siNo = (value: unknown): string => (value === true ? 'Sí' : 'No');

const numberFmt = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 });

/** 1250.5 -> '1,250.5' (es-MX), with an optional unit; '-' when empty. */
export function formatNumber(value: unknown, unit = ''): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return EMPTY;
  return unit ? `${numberFmt.format(value)} ${unit}` : numberFmt.format(value);
}

export type Row = [label: string, value: string];

const BRAND: [number, number, number] = [28, 33, 39];
export const SECTION_FILL: [number, number, number] = [45, 114, 210];
const LABEL_FILL: [number, number, number] = [243, 244, 246];
export const MARGIN = 14;

/** A section title never sits alone at the foot of a page: start it on the next one. */
export function sectionStart(kit: PdfKit, y: number, needed = 28): number {
  const bottom = kit.doc.internal.pageSize.getHeight() - 16;
  if (y + needed <= bottom) return y;
  kit.doc.addPage();
  return 18;
}

/** A section: its title across the top, then label / value rows. */
export function sectionTable(kit: PdfKit, title: string, rows: Row[], startY: number): number {
  kit.table({
    startY: sectionStart(kit, startY),
    rowPageBreak: 'avoid',
    margin: { left: MARGIN, right: MARGIN, top: 18 },
    head: [[{ content: pdfText(title), colSpan: 2 }]],
    body: rows.map(([label, value]) => [pdfText(label), pdfText(value)]),
    theme: 'grid',
    showHead: 'everyPage',
    styles: { font: 'helvetica', fontSize: 9, cellPadding: 1.8, overflow: 'linebreak', textColor: [30, 30, 30] },
    headStyles: { fillColor: SECTION_FILL, textColor: 255, fontStyle: 'bold', fontSize: 10.5 },
    columnStyles: { 0: { cellWidth: 52, fontStyle: 'bold', fillColor: LABEL_FILL } },
  });
  return lastTableEnd(kit.doc, startY) + 5;
}

/** A section holding a list (debts, references): column titles, rows, or the empty text. */
export function listTable(kit: PdfKit, title: string, columns: string[], rows: string[][], emptyText: string, startY: number): number {
  const body = rows.length > 0
    ? rows.map((r) => r.map(pdfText))
    : [[{ content: pdfText(emptyText), colSpan: columns.length, styles: { fontStyle: 'italic' as const, halign: 'center' as const } }]];
  kit.table({
    startY: sectionStart(kit, startY, 34),
    rowPageBreak: 'avoid',
    margin: { left: MARGIN, right: MARGIN, top: 18 },
    head: [
      [{ content: pdfText(title), colSpan: columns.length, styles: { fillColor: SECTION_FILL, fontSize: 10.5 } }],
      columns.map(pdfText),
    ],
    body,
    theme: 'grid',
    showHead: 'everyPage',
    styles: { font: 'helvetica', fontSize: 9, cellPadding: 1.8, overflow: 'linebreak', textColor: [30, 30, 30] },
    headStyles: { fillColor: [90, 99, 112], textColor: 255, fontStyle: 'bold' },
  });
  return lastTableEnd(kit.doc, startY) + 5;
}

/** Title band plus the lines under it (record id, generation date...). Returns where content starts. */
export function drawHeader(kit: PdfKit, title: string, lines: string[]): number {
  const { doc } = kit;
  const width = doc.internal.pageSize.getWidth();
  doc.setFillColor(...BRAND);
  doc.rect(0, 0, width, 22, 'F');
  doc.setTextColor(255, 255, 255);
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(16);
  doc.text(pdfText(title), MARGIN, 14);
  doc.setTextColor(40, 40, 40);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9.5);
  let y = 29;
  for (const line of lines) {
    const wrapped = doc.splitTextToSize(pdfText(line), width - 2 * MARGIN) as string[];
    doc.text(wrapped, MARGIN, y);
    y += 4.6 * wrapped.length;
  }
  return y + 2;
}

/** 'Página 1 de 3' at the foot of every page, once the content is final. */
export function addPageNumbers(kit: PdfKit, footer: string): void {
  const { doc } = kit;
  const pages = doc.getNumberOfPages();
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  for (let i = 1; i <= pages; i++) {
    doc.setPage(i);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.setTextColor(110, 110, 110);
    doc.text(pdfText(footer), MARGIN, height - 8);
    doc.text(`Página ${i} de ${pages}`, width - MARGIN, height - 8, { align: 'right' });
  }
}

export function toBytes(doc: PdfDoc): Uint8Array {
  return new Uint8Array(doc.output('arraybuffer'));
}
