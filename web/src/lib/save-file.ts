/** Saves a file the page holds (a download fetched with a token) as the browser saves any download. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the file's address is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
