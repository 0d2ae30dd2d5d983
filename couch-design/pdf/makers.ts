/**
 * The PDFs the gateway makes off its event loop, by name: its worker threads
 * (sync-server/src/http/pdf-worker.ts) import this table and run the maker a job names, so the
 * pool that sends the jobs names no entity and every argument crosses as structured data.
 */
import { captacionPdf } from './captacion';
import { nominaPdf } from './nomina';

export const PDF_MAKERS = { captacionPdf, nominaPdf } as const;
export type PdfMakers = typeof PDF_MAKERS;
export type PdfMakerName = keyof PdfMakers;
