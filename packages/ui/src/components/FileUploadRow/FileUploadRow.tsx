import { formatNumber, formatPercent, NBSP } from '@cbp/core';
import DownloadDrawing from 'lucide/dist/esm/icons/download.mjs';
import FileTextDrawing from 'lucide/dist/esm/icons/file-text.mjs';
import InfoDrawing from 'lucide/dist/esm/icons/info.mjs';
import RotateCcwDrawing from 'lucide/dist/esm/icons/rotate-ccw.mjs';
import UploadDrawing from 'lucide/dist/esm/icons/upload.mjs';
import * as React from 'react';

import { cn } from '../../lib/cn';
import { Button } from '../Button';
import { FieldError } from '../Field';
import { icon } from '../../lib/icon';
import { progressPercent } from '../ProgressBar';
import { StatusBadge } from '../StatusBadge';

const Download = icon(DownloadDrawing);
const FileText = icon(FileTextDrawing);
const Info = icon(InfoDrawing);
const RotateCcw = icon(RotateCcwDrawing);
const Upload = icon(UploadDrawing);

const BYTES_PER_MEGABYTE = 1024 * 1024;

/** Sizes in MB with one decimal, as the 50 MB limit is counted (1 MB = 1.048.576 bytes). */
export function formatMegabytes(bytes: number): string {
  return formatNumber(bytes / BYTES_PER_MEGABYTE, 1);
}

/** "45 %, 2,1 de 4,6 MB": what the progress bar says in words. */
export function uploadProgressText(percent: number, totalBytes?: number | null): string {
  // Never "100 %" while the last bytes are still on their way (decision 0274).
  const percentText = formatPercent(progressPercent(percent, 100), 0);
  if (totalBytes === undefined || totalBytes === null || totalBytes <= 0) return percentText;
  const uploaded = (totalBytes * percent) / 100;
  return `${percentText}, ${formatMegabytes(uploaded)} de ${formatMegabytes(totalBytes)}${NBSP}MB`;
}

export interface FileUploadRowProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** The document asked for: 'DNI/NIE', 'Nóminas'. */
  documentName: string;
  /** One line under the name: why the document is asked and where to get it. */
  description?: React.ReactNode;
  /** The document's state as core names it (falta, en-revision, aprobado...): see StatusBadge. */
  status: string;
  /** The chosen file's name, or nothing while no file has been chosen. */
  fileName?: string | null;
  /** The chosen file's size in bytes, for the progress text. */
  fileSize?: number | null;
  /** 0 to 100 while the file uploads; `null` or absent when no upload is running. */
  progress?: number | null;
  /** A message about this document ('El archivo nomina.pdf excede el límite de 50MB'). */
  error?: string | null;
  /**
   * Something the person should know about the document that is not an error of theirs, such
   * as why a reviewer rejected it and what to do. Shown under the row and read with the button.
   */
  note?: React.ReactNode;
  /** Offers a second button that tries the last file again without choosing it anew. */
  onRetry?: () => void;
  retryLabel?: string;
  /** Offers to download the file already stored, so the person can check what the firm has. */
  onDownload?: () => void;
  downloadLabel?: string;
  /**
   * Names the hidden file input ('Archivo de DNI/NIE' by default), so tests and assistive tools
   * that hand it a file directly can find it.
   */
  inputLabel?: string;
  /** Called with the file the person picked. Checking its size and uploading it is the screen's job. */
  onFileSelected: (file: File) => void;
  /** The file picker's filter; defaults to pdf, jpg, jpeg and png. */
  accept: string;
  disabled?: boolean;
  uploadLabel?: string;
  changeLabel?: string;
  noFileText?: string;
}

/**
 * One requested document: its name and state, the chosen file, a button that opens the file
 * picker, the upload's progress and any error. Presentational: the screen uploads and passes
 * `progress`, `status` and `error` back.
 */
export function FileUploadRow({
  documentName,
  description,
  status,
  fileName,
  fileSize,
  progress,
  error,
  note,
  onRetry,
  retryLabel = 'Reintentar',
  onDownload,
  downloadLabel = 'Descargar',
  inputLabel,
  onFileSelected,
  accept,
  disabled = false,
  uploadLabel = 'Subir',
  changeLabel = 'Cambiar',
  noFileText = 'Ningún archivo seleccionado',
  className,
  ...props
}: FileUploadRowProps) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const baseId = `upload${React.useId().replace(/[^\w-]/g, '')}`;
  const nameId = `${baseId}-name`;
  const fileId = `${baseId}-file`;
  const errorId = `${baseId}-error`;
  const noteId = `${baseId}-note`;
  const descriptionId = `${baseId}-description`;
  const hasDescription = description !== undefined && description !== null && description !== '';
  const uploading = progress !== undefined && progress !== null;
  const percent = uploading ? Math.min(Math.max(progress, 0), 100) : 0;
  const hasFile = fileName !== undefined && fileName !== null && fileName !== '';
  const hasError = error !== undefined && error !== null && error !== '';
  const hasNote = note !== undefined && note !== null && note !== '';
  const describedBy = [
    hasDescription ? descriptionId : null,
    fileId,
    hasNote ? noteId : null,
    hasError ? errorId : null,
  ]
    .filter((id) => id !== null)
    .join(' ');

  const handleChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // Cleared so that choosing the same file again (after an error) fires another change.
    event.currentTarget.value = '';
    if (file) onFileSelected(file);
  };

  return (
    <div
      data-slot="file-upload-row"
      data-status={status}
      data-uploading={uploading || undefined}
      data-invalid={hasError || undefined}
      className={cn(
        'grid grid-cols-1 gap-x-4 gap-y-3 rounded-md border-2 bg-surface p-4 text-surface-foreground',
        'sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center',
        hasError ? 'border-danger' : 'border-border',
        className,
      )}
      {...props}
    >
      <div data-slot="file-upload-row-details" className="flex min-w-0 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <p id={nameId} data-slot="file-upload-row-document" className="font-semibold">
            {documentName}
          </p>
          <StatusBadge status={status} size="sm" />
        </div>
        {hasDescription ? (
          <p
            id={descriptionId}
            data-slot="file-upload-row-description"
            className="text-sm text-muted-foreground"
          >
            {description}
          </p>
        ) : null}
        <p
          id={fileId}
          data-slot="file-upload-row-file"
          className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground"
        >
          <FileText aria-hidden="true" focusable="false" className="size-4 shrink-0" />
          <span className="min-w-0 break-all">{hasFile ? fileName : noFileText}</span>
        </p>
      </div>

      <div className="flex flex-col gap-2 sm:row-span-1 sm:flex-row">
        <input
          ref={inputRef}
          type="file"
          accept={accept}
          aria-label={inputLabel ?? `Archivo de ${documentName}`}
          hidden
          data-slot="file-upload-row-input"
          disabled={disabled}
          onChange={handleChange}
        />
        <Button
          variant="outline"
          data-slot="file-upload-row-button"
          disabled={disabled}
          // Not `disabled` while uploading: the button that was just used keeps the focus.
          aria-disabled={uploading || undefined}
          aria-describedby={describedBy}
          className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto"
          onClick={() => {
            if (!uploading) inputRef.current?.click();
          }}
        >
          <Upload />
          {hasFile ? changeLabel : uploadLabel}
          <span className="sr-only"> {documentName}</span>
        </Button>
        {onDownload !== undefined && hasFile && !uploading ? (
          <Button
            variant="ghost"
            data-slot="file-upload-row-download"
            className="w-full sm:w-auto"
            onClick={onDownload}
          >
            <Download />
            {downloadLabel}
            <span className="sr-only"> {documentName}</span>
          </Button>
        ) : null}
        {onRetry !== undefined && !uploading ? (
          <Button
            variant="outline"
            data-slot="file-upload-row-retry"
            disabled={disabled}
            className="w-full sm:w-auto"
            onClick={onRetry}
          >
            <RotateCcw />
            {retryLabel}
            <span className="sr-only"> {documentName}</span>
          </Button>
        ) : null}
      </div>

      {uploading ? (
        <div data-slot="file-upload-row-upload" className="flex flex-col gap-1.5 sm:col-span-2">
          <div
            role="progressbar"
            aria-label={`Subiendo ${hasFile ? fileName : documentName}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progressPercent(percent, 100)}
            aria-valuetext={uploadProgressText(percent, fileSize)}
            data-slot="file-upload-row-progress"
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              data-slot="file-upload-row-progress-indicator"
              className="h-full rounded-full bg-primary transition-[width] duration-100 motion-reduce:transition-none"
              style={{ width: `${String(percent)}%` }}
            />
          </div>
          <p aria-hidden="true" className="text-sm text-muted-foreground tabular-nums">
            {uploadProgressText(percent, fileSize)}
          </p>
        </div>
      ) : null}

      {hasNote ? (
        <div
          id={noteId}
          data-slot="file-upload-row-note"
          className="flex items-start gap-1.5 text-sm sm:col-span-2"
        >
          <Info aria-hidden="true" focusable="false" className="mt-0.5 size-4 shrink-0" />
          <div className="min-w-0 break-words">{note}</div>
        </div>
      ) : null}

      {hasError ? (
        <FieldError id={errorId} slot="file-upload-row-error" size="sm" className="sm:col-span-2">
          {error}
        </FieldError>
      ) : null}
    </div>
  );
}
