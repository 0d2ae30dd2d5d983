/** Tests only: how many images a PDF file draws (each photo is one `/Subtype /Image` object). */
export function pdfImageCount(pdf: ArrayLike<number> | string): number {
  // Byte by byte as Latin-1, the way the file's dictionaries are written.
  const text = typeof pdf === 'string' ? pdf : Array.from(pdf, (c) => String.fromCharCode(c)).join('');
  return (text.match(/\/Subtype \/Image/g) ?? []).length;
}
