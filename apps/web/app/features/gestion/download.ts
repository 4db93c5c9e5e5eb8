/** Hands a file the page already holds to the browser's download, under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: some browsers read the address only then.
  window.setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}
