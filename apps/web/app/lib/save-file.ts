import { FALLBACK_DOWNLOAD_NAME, type DownloadedFile } from '@cbp/core';

/** Hands a file the page already holds to the browser's download, under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Some browsers read the address after click() returns; give them a moment.
    window.setTimeout(() => {
      URL.revokeObjectURL(url);
    }, 60_000);
  }
}

/** The file under `name` when the server gave it none of its own. */
export function withFallbackName(file: DownloadedFile, name: string): DownloadedFile {
  return file.fileName === FALLBACK_DOWNLOAD_NAME ? { blob: file.blob, fileName: name } : file;
}
