/**
 * PDFs made the same way on the gateway and in the browser. Import this module dynamically in
 * the PWA (`await import('couch-design/pdf')`): jsPDF itself loads only when a PDF is made.
 */
export { captacionPdf, captacionPdfFileName, CAPTACION_PDF_TITLE } from './captacion';
export type { CaptacionPdfOptions, PdfList } from './captacion';
export { loadPdfFotos, choosePdfFotos, coverFromOriginal, PDF_MAX_MINIATURAS, PDF_FOTOS_TITULO, PDF_FOTO_NO_DISPONIBLE, PDF_FOTO_WEBP } from './fotos';
export type { PdfFotos, PdfFotoRef, PdfFotoReader } from './fotos';
export { nominaPdf, nominaPdfFileName, NOMINA_PDF_TITLE, NOMINA_PDF_EMPRESA } from './nomina';
export type { NominaPdfOptions } from './nomina';
export { PDF_MAKERS } from './makers';
export type { PdfMakers, PdfMakerName } from './makers';
export {
  loadPdfKit,
  loadPdfLibraries,
  sectionTable,
  listTable,
  drawHeader,
  addPageNumbers,
  toBytes,
  pdfText,
  orDash,
  siNo,
  formatNumber,
  lastTableEnd,
  EMPTY,
  MARGIN,
} from './layout';
export type { PdfKit, PdfDoc, PdfTableOptions, Row } from './layout';
