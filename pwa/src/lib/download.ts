/** Saves bytes as a file through a temporary link (works offline: nothing is fetched). */
export function saveFile(bytes: Uint8Array | Blob, fileName: string, type: string): void {
  const blob = bytes instanceof Blob ? bytes : new Blob([bytes as BlobPart], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has started by now; a later revoke keeps slow devices from losing it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
