import { RULES } from '@cbp/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef, useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';

import { FileUploadRow } from './FileUploadRow';

const MB = 1024 * 1024;

const meta = {
  title: 'Formularios/FileUploadRow',
  component: FileUploadRow,
  args: {
    documentName: 'DNI/NIE',
    status: 'falta',
    accept: RULES.documents.acceptAttribute,
    onFileSelected: fn(),
  },
  argTypes: {
    status: {
      control: 'select',
      options: ['falta', 'en-revision', 'aprobado', 'rechazado', 'obtenido'],
    },
    progress: { control: { type: 'range', min: 0, max: 100, step: 10 } },
    fileName: { control: 'text' },
    fileSize: { control: 'number' },
    error: { control: 'text' },
    disabled: { control: 'boolean' },
  },
  parameters: {
    docs: {
      description: {
        component: `
One requested document on "Obtener Documentos": its name, its state, the chosen file, a "Subir" (or "Cambiar")
button that opens the device's file picker, a progress bar while it uploads, and an error message.

**Usage**
- Presentational: \`onFileSelected(file)\` hands over the file the person picked. The screen checks it (50 MB at most:
  'El archivo {name} excede el límite de 50MB'), uploads it, and passes back \`fileName\`, \`fileSize\`, \`progress\`
  (0-100 while uploading, \`null\` after) and \`status\`.
- The picker offers pdf, jpg, jpeg and png (\`accept\`); that filter is a convenience, not a check.
- \`error\` shows a message under the row and marks it; clear it when the next file is chosen.
- \`note\` says something that is not the person's mistake, such as why a reviewer rejected the file and what to do
  next; it is read with the button.
- \`onDownload\` adds "Descargar" once a file is stored, so the person can check what the firm received.
- \`onRetry\` adds "Reintentar": after a failed upload the screen keeps the chosen file and sends it again without
  asking for it anew.
- Announce the start, the end and failures of an upload once, through the screen's toasts ('Subiendo
  nomina.pdf...', '¡Nóminas subido correctamente!', 'Error al subir nomina.pdf'); the row itself stays quiet so
  nothing is read twice.
- Put rows in a list (\`<ul>\`/\`<li>\`) under the category's heading.

**Accessibility criteria**
- The button's name includes the document ("Subir DNI/NIE", "Cambiar Nóminas"), so a list of rows is not a list of
  identical "Subir" buttons; it is described by the chosen file's name and by the error, if any.
- Enter or Space on the button opens the native file picker, which is keyboard and screen-reader accessible; the file
  input itself is hidden and never takes focus. It is still named ("Archivo de DNI/NIE", \`inputLabel\`) so a test
  can hand it a file by its label.
- "Reintentar" is named with the document too ("Reintentar DNI/NIE").
- While uploading the button stays focusable (\`aria-disabled\`) so focus is not lost, and a progress bar named
  "Subiendo nomina.pdf" reports "45 %, 2,1 de 4,6 MB" in \`aria-valuetext\`.
- The state is a \`StatusBadge\` (icon and word); the error has an icon, a hidden "Error:" prefix and a red border
  on the row, never colour alone.
- At 375 px the button takes the full width under the details; long file names wrap.
`,
      },
    },
  },
} satisfies Meta<typeof FileUploadRow>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Subir DNI/NIE' });
    await expect(button).toHaveAccessibleDescription('Ningún archivo seleccionado');
    await expect(canvas.getByText('Falta')).toBeVisible();

    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('The row has no file input');
    await expect(input).toHaveAttribute('accept', '.pdf,.jpg,.jpeg,.png');
    await expect(input).not.toBeVisible();
    // The browser's own picker cannot be driven from a test: record that Enter asks for it.
    const pickerRequests = fn((event: Event) => {
      event.preventDefault();
    });
    input.addEventListener('click', pickerRequests);
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(pickerRequests).toHaveBeenCalledTimes(1);
    input.removeEventListener('click', pickerRequests);

    const file = new File(['%PDF-1.7'], 'dni-maria.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, file);
    await expect(args.onFileSelected).toHaveBeenCalledWith(file);
  },
};

export const Uploading: Story = {
  args: {
    documentName: 'Nóminas',
    fileName: 'nomina.pdf',
    fileSize: 4.6 * MB,
    progress: 45,
  },
  play: async ({ args, canvas, userEvent }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Subiendo nomina.pdf' });
    await expect(bar).toHaveAttribute('aria-valuenow', '45');
    // 45 % of 4,6 MB is 2,07 MB, shown with one decimal.
    await expect(bar).toHaveAttribute('aria-valuetext', '45\u00a0%, 2,1 de 4,6\u00a0MB');
    const button = canvas.getByRole('button', { name: 'Cambiar Nóminas' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onFileSelected).not.toHaveBeenCalled();
  },
};

export const WithError: Story = {
  args: {
    documentName: 'Escritura Hipoteca',
    status: 'rechazado',
    fileName: 'escritura-completa.pdf',
    error: 'El archivo escritura-completa.pdf excede el límite de 50MB',
  },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Cambiar Escritura Hipoteca' });
    await expect(button).toHaveAccessibleDescription(
      'escritura-completa.pdf Error: El archivo escritura-completa.pdf excede el límite de 50MB',
    );
    await expect(canvas.getByText('Rechazado')).toBeVisible();
  },
};

export const RejectedWithReason: Story = {
  args: {
    documentName: 'Nóminas',
    status: 'rechazado',
    fileName: 'nomina-septiembre.jpg',
    note: 'Motivo del rechazo: la foto está borrosa. Sube un archivo nuevo con «Cambiar».',
  },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Cambiar Nóminas' });
    await expect(button).toHaveAccessibleDescription(
      'nomina-septiembre.jpg Motivo del rechazo: la foto está borrosa. Sube un archivo nuevo con «Cambiar».',
    );
    await expect(canvas.getByText('Rechazado')).toBeVisible();
  },
};

export const StoredWithDownload: Story = {
  args: {
    documentName: 'Escritura Hipoteca',
    status: 'aprobado',
    fileName: 'escritura-notaría.pdf',
    onDownload: fn(),
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Descargar Escritura Hipoteca' }));
    await expect(args.onDownload).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('button', { name: 'Cambiar Escritura Hipoteca' })).toBeVisible();
  },
};

export const FailedWithRetry: Story = {
  args: {
    documentName: 'DNI/NIE',
    error: 'Error al subir dni.heic. Las fotos HEIC no se admiten: guárdala como JPG o PNG.',
    onRetry: fn(),
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const retry = canvas.getByRole('button', { name: 'Reintentar DNI/NIE' });
    await userEvent.click(retry);
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('button', { name: 'Subir DNI/NIE' })).toHaveAccessibleDescription(
      'Ningún archivo seleccionado Error: Error al subir dni.heic. Las fotos HEIC no se admiten: guárdala como JPG o PNG.',
    );
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    await expect(input).toHaveAttribute('aria-label', 'Archivo de DNI/NIE');
  },
};

/** What the upload screen does (spec 02, 4.2): progress in steps of 10 every 100 ms, cleared 1 s later. */
function SimulatedUpload({ onFileSelected }: { onFileSelected: (file: File) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const timers = useRef<number[]>([]);

  useEffect(
    () => () => {
      timers.current.forEach((timer) => {
        window.clearTimeout(timer);
      });
    },
    [],
  );

  const upload = (chosen: File) => {
    onFileSelected(chosen);
    setFile(chosen);
    setProgress(0);
    const { simulatedUploadSteps: steps, simulatedUploadStepPercent: percent } = RULES.documents;
    const { simulatedUploadStepMs: stepMs, progressClearMs } = RULES.timings;
    for (let step = 1; step <= steps; step += 1) {
      timers.current.push(
        window.setTimeout(() => {
          setProgress(step * percent);
        }, step * stepMs),
      );
    }
    timers.current.push(
      window.setTimeout(
        () => {
          setProgress(null);
        },
        steps * stepMs + progressClearMs,
      ),
    );
  };

  return (
    <FileUploadRow
      documentName="Vida Laboral"
      accept={RULES.documents.acceptAttribute}
      status={file === null || progress !== null ? 'falta' : 'en-revision'}
      fileName={file?.name}
      fileSize={file?.size}
      progress={progress}
      onFileSelected={upload}
    />
  );
}

export const UploadFlow: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'A file is chosen: the button turns into "Cambiar", the progress bar fills and disappears one second after the end.',
      },
    },
  },
  render: (args) => <SimulatedUpload onFileSelected={args.onFileSelected} />,
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('The row has no file input');
    const file = new File([new Uint8Array(2 * MB)], 'vida-laboral.pdf', {
      type: 'application/pdf',
    });
    await userEvent.upload(input, file);
    await expect(args.onFileSelected).toHaveBeenCalledWith(file);

    const bar = await canvas.findByRole('progressbar', { name: 'Subiendo vida-laboral.pdf' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'), { timeout: 2000 });
    await expect(bar).toHaveAttribute('aria-valuetext', '100\u00a0%, 2,0 de 2,0\u00a0MB');
    await waitFor(() => expect(canvas.queryByRole('progressbar')).toBeNull(), { timeout: 2000 });

    const button = canvas.getByRole('button', { name: 'Cambiar Vida Laboral' });
    await expect(button).not.toHaveAttribute('aria-disabled');
    await expect(button).toHaveAccessibleDescription('vida-laboral.pdf');
  },
};

export const LongTextOnMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    documentName: 'Certificado de Empadronamiento colectivo e histórico',
    status: 'aprobado',
    fileName: 'certificado-empadronamiento-colectivo-historico-ayuntamiento-2026.pdf',
  },
  play: async ({ canvas, canvasElement }) => {
    const button = canvas.getByRole('button', {
      name: 'Cambiar Certificado de Empadronamiento colectivo e histórico',
    });
    await expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await expect(canvas.getByText('Aprobado')).toBeVisible();
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
