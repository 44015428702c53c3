/**
 * Hand a download link to the browser: it fetches the file itself, and its download
 * manager streams it to disk (however large), shows its progress, and reports a failure.
 * The server answers with Content-Disposition: attachment, so the page stays where it is.
 */
export function openDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  // Same origin: the attribute keeps the browser from navigating, even to an error answer.
  a.download = '';
  a.rel = 'noopener';
  a.click();
}

/** Save a file the page already holds (a small export answered whole) under its name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
