import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { withWidth } from '../../../storybook/decorators';
import { ProgressBar } from './ProgressBar';

const meta = {
  title: 'Componentes/ProgressBar',
  component: ProgressBar,
  args: {
    label: 'Documentación',
    value: 3,
    max: 9,
    valueText: '3 de 9 documentos subidos',
  },
  argTypes: {
    tone: { control: 'inline-radio', options: ['primary', 'success'] },
    size: { control: 'inline-radio', options: ['sm', 'md'] },
    value: { control: { type: 'number', min: 0 } },
  },
  decorators: [withWidth('max-w-xl')],
  parameters: {
    docs: {
      description: {
        component: `
How far a known amount of work has gone: documents uploaded out of nine, a file being uploaded, the case's
progress. Shows a label, the progress in words and an es-ES percentage ("3 de 9 documentos subidos · 33 %").

**Usage**
- \`label\` names what progresses; \`value\` and \`max\` give the amount (\`max\` defaults to 100).
- \`valueText\` says the progress in words ("3 de 9 documentos subidos", "2,1 de 4,6 MB"); the percentage is
  added after it. \`showPercent={false}\` hides the percentage on screen (it is still read).
- \`hideLabel\` keeps the label for screen readers when the row around the bar already shows the name (an
  upload row: "Subiendo nomina.pdf").
- \`tone="success"\` once the work is complete; \`size="sm"\` inside dense rows.
- The percentage is a whole number that only reads 100 % when everything is done and never 0 % once
  something is (\`progressPercent\` gives it).

**Accessibility criteria**
- \`role="progressbar"\` named by the visible label, with \`aria-valuenow\`, \`aria-valuemax\` and an
  \`aria-valuetext\` in words ("3 de 9 documentos subidos, 33 %"). The visible value text is hidden from
  screen readers so it is not read twice.
- The bar is not announced as it moves: say completion or failure once through a live region (a toast or
  the page's status message).
- The filled part uses the \`primary\` (or \`success\`) token on \`muted\`; the numbers next to it carry the
  same information, so colour is never the only cue.
`,
      },
    },
  },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Documents: Story = {
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Documentación' });
    await expect(bar).toHaveAttribute('aria-valuenow', '3');
    await expect(bar).toHaveAttribute('aria-valuemax', '9');
    // 3 / 9 × 100 = 33,33… → 33 %
    await expect(bar).toHaveAttribute('aria-valuetext', '3 de 9 documentos subidos, 33\u00a0%');
    await expect(canvas.getByText('3 de 9 documentos subidos · 33 %')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { value: 0, valueText: '0 de 9 documentos subidos' },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Documentación' });
    await expect(bar).toHaveAttribute('aria-valuetext', '0 de 9 documentos subidos, 0\u00a0%');
    await expect(canvas.getByText('0 de 9 documentos subidos · 0 %')).toBeVisible();
  },
};

export const Complete: Story = {
  args: { value: 9, valueText: '9 de 9 documentos subidos', tone: 'success' },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Documentación' });
    await expect(bar).toHaveAttribute('data-tone', 'success');
    await expect(bar).toHaveAttribute('aria-valuetext', '9 de 9 documentos subidos, 100\u00a0%');
  },
};

export const FileUpload: Story = {
  args: {
    label: 'Subiendo nomina.pdf',
    hideLabel: true,
    value: 45,
    max: 100,
    valueText: '2,1 de 4,6 MB',
    size: 'sm',
  },
  render: (args) => (
    <div className="flex flex-col gap-2 rounded-lg border-2 border-border bg-surface p-4 text-surface-foreground">
      <p className="font-semibold">Nómina (últimos 3 meses) · nomina.pdf</p>
      <ProgressBar {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Subiendo nomina.pdf' });
    await expect(bar).toHaveAttribute('aria-valuetext', '2,1 de 4,6 MB, 45\u00a0%');
    await expect(canvas.getByText('Subiendo nomina.pdf')).toHaveClass('sr-only');
  },
};

export const AlmostDoneMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    label: 'Documentación de la unidad familiar',
    value: 199,
    max: 200,
    valueText: '199 de 200 documentos revisados por el despacho',
  },
  play: async ({ canvas, canvasElement }) => {
    // 199 / 200 × 100 = 99,5, which would round to 100: it stays at 99 until the last one.
    await expect(
      canvas.getByRole('progressbar', { name: 'Documentación de la unidad familiar' }),
    ).toHaveAttribute(
      'aria-valuetext',
      '199 de 200 documentos revisados por el despacho, 99\u00a0%',
    );
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
