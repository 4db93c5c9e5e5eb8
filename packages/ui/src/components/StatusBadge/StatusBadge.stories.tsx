import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { STATUS_BADGE_STATUSES, StatusBadge } from './StatusBadge';

const meta = {
  title: 'Componentes/StatusBadge',
  component: StatusBadge,
  args: { status: 'falta' },
  argTypes: {
    status: { control: 'select', options: [...STATUS_BADGE_STATUSES, 'desconocido'] },
    tone: {
      control: 'select',
      options: [undefined, 'warning', 'success', 'danger', 'info', 'neutral'],
    },
    size: { control: 'select', options: ['sm', 'md'] },
    label: { control: 'text' },
  },
  parameters: {
    docs: {
      description: {
        component: `
The state of a document as an icon and a word, the same on every screen (core's \`DOCUMENT_STATE_LABELS\`):
falta (yellow, dashed circle), en revisión (yellow, hourglass), aprobado (green, check), rechazado (red,
cross), obtenido con Cl@ve (blue, file), firmada / sin firmar (the declaration, pen) and no es necesario
(neutral, minus).

**Usage**
- Pass core's \`DocumentState\` (\`status="en-revision"\`; \`checklistEntryState\` gives it for a checklist entry).
  Any value the badge does not know is shown as "Falta"; \`normalizeStatusBadgeStatus\` gives the same answer to code.
- \`tone\` changes only the colour, for screens that want a state to stand out: the case view shows a missing
  required document in red (\`tone="danger"\`) because it has a deadline.
- \`label\` replaces the word; screens keep core's, so one state never reads two ways.
- \`size="sm"\` for dense tables; \`md\` elsewhere.

**Accessibility criteria**
- Never colour alone: every state has its own icon and its word; the icon is hidden from screen readers,
  which read the word.
- Text in the \`*-strong\` token on the \`*-subtle\` background (at least 4.5:1 in both themes) with a 3:1 border.
- The badge is plain text inside its row: it is not focusable and announces nothing by itself; a screen
  that changes a status announces the change through its own live region (a toast).
- It does not wrap; put it where a long document name can wrap beside it.
`,
      },
    },
  },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Falta: Story = {
  play: async ({ canvas, canvasElement }) => {
    const badge = canvas.getByText('Falta');
    await expect(badge).toBeVisible();
    const root = canvasElement.querySelector('[data-slot="status-badge"]');
    await expect(root).toHaveAttribute('data-status', 'falta');
    await expect(root?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  },
};

export const AllStatuses: Story = {
  render: (args) => (
    <ul className="flex flex-wrap items-center gap-3" aria-label="Estados posibles">
      {STATUS_BADGE_STATUSES.map((status) => (
        <li key={status}>
          <StatusBadge {...args} status={status} />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas }) => {
    const items = canvas.getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Falta',
      'En revisión',
      'Aprobado',
      'Rechazado',
      'Obtenido con Cl@ve',
      'Firmada',
      'Sin firmar',
      'No es necesario',
    ]);
    // Same colour, different icon: falta and en revisión are told apart without colour.
    const icon = (name: string) =>
      canvas.getByText(name).closest('[data-slot="status-badge"]')?.querySelector('svg')?.innerHTML;
    await expect(icon('Falta')).not.toBe(icon('En revisión'));
    await expect(icon('Aprobado')).not.toBe(icon('Rechazado'));
  },
};

export const UnknownStatus: Story = {
  parameters: {
    docs: {
      description: {
        story: 'A status the kit does not know ("archivado", empty) reads as missing.',
      },
    },
  },
  render: (args) => (
    <div className="flex flex-wrap gap-3">
      <StatusBadge {...args} status="archivado" />
      <StatusBadge {...args} status={null} />
    </div>
  ),
  play: async ({ canvas }) => {
    const badges = canvas.getAllByText('Falta');
    await expect(badges).toHaveLength(2);
    for (const badge of badges) {
      await expect(badge.closest('[data-slot="status-badge"]')).toHaveAttribute(
        'data-status',
        'falta',
      );
    }
  },
};

export const CaseView: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'The required documents of the case view: missing in red with its deadline, in review in yellow, approved in green.',
      },
    },
  },
  render: () => (
    <ul className="flex max-w-xl flex-col gap-3" aria-label="Documentos requeridos">
      <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border-2 border-border bg-surface p-3">
        <span>Certificado de empadronamiento · fecha límite 05/12/2026</span>
        <StatusBadge status="falta" tone="danger" />
      </li>
      <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border-2 border-border bg-surface p-3">
        <span>Nóminas de los últimos tres meses</span>
        <StatusBadge status="en-revision" />
      </li>
      <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border-2 border-border bg-surface p-3">
        <span>Escritura de la hipoteca · entregado el 18/11/2026</span>
        <StatusBadge status="aprobado" size="sm" />
      </li>
    </ul>
  ),
  play: async ({ canvas }) => {
    const missing = canvas.getByText('Falta').closest('[data-slot="status-badge"]');
    await expect(missing).toHaveAttribute('data-variant', 'danger');
    await expect(missing).toHaveAttribute('data-status', 'falta');
    await expect(canvas.getByText('En revisión')).toBeVisible();
    await expect(canvas.getByText('Aprobado')).toBeVisible();
  },
};

export const RefundTheme: Story = {
  globals: { theme: 'refund' },
  render: AllStatuses.render,
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveClass('theme-refund');
    await expect(canvas.getByText('Rechazado')).toBeVisible();
  },
};
