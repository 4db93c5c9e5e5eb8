import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { Spinner, SpinnerIcon } from './Spinner';

const meta = {
  title: 'Componentes/Spinner',
  component: Spinner,
  argTypes: {
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
    label: { control: 'text' },
  },
  parameters: {
    docs: {
      description: {
        component: `
A small turning circle for content that is loading in place. \`Spinner\` is a status region that tells
screen readers what is happening ("Cargando..." unless \`label\` says otherwise); \`SpinnerIcon\` is only the
drawing, for places that already announce themselves (the busy \`Button\`, \`LoadingState\`).

**Usage**
- For a whole view that is loading (the simulator's result, the client area while the session is checked)
  use \`LoadingState\`, which shows the text as well.
- Give a specific \`label\` when it helps: "Cargando documentos...".

**Accessibility criteria**
- \`role="status"\`: the label is announced politely; the drawing is \`aria-hidden\`.
- The drawing only turns for people who have not asked for reduced motion.
- Colour is the \`primary\` token, at least 3:1 against the page.
`,
      },
    },
  },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Cargando...');
  },
};

export const CustomLabel: Story = {
  args: { label: 'Cargando documentos...' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Cargando documentos...');
  },
};

export const Sizes: Story = {
  render: () => (
    <div className="flex items-center gap-6">
      <Spinner size="sm" />
      <Spinner size="md" />
      <Spinner size="lg" />
    </div>
  ),
  play: async ({ canvas }) => {
    const sizes = canvas.getAllByRole('status').map((status) => status.dataset.size);
    await expect(sizes).toEqual(['sm', 'md', 'lg']);
  },
};

export const IconOnly: Story = {
  parameters: {
    docs: {
      description: {
        story:
          '`SpinnerIcon` is hidden from assistive technology: use it inside something announced.',
      },
    },
  },
  render: () => (
    <p className="flex items-center gap-2 text-muted-foreground">
      <SpinnerIcon size="sm" />
      Guardando borrador
    </p>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
    await expect(canvasElement.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  },
};
