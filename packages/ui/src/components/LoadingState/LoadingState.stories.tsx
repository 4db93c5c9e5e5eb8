import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { LoadingState } from './LoadingState';

const meta = {
  title: 'Componentes/LoadingState',
  component: LoadingState,
  argTypes: {
    label: { control: 'text' },
    description: { control: 'text' },
  },
  parameters: {
    docs: {
      description: {
        component: `
The placeholder for a view whose content is on its way: the simulator while it computes the result, the
client area while the session is checked. A large spinner with visible, announced text.

**Usage**
- Put it where the content will appear, and replace it with the content (or an \`Alert\` on failure).
- Say what is happening in \`label\` ("Calculando tu resultado...") and, if it can take a while, set
  expectations in \`description\`.

**Accessibility criteria**
- \`role="status"\`: the label (and description) are announced politely when the view appears.
- The text is visible, so the state is not told by the animation alone; the drawing is \`aria-hidden\`
  and stops turning for people who ask for reduced motion.
- When the loaded content replaces a whole page, move focus to its heading once it arrives.
`,
      },
    },
  },
} satisfies Meta<typeof LoadingState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Cargando...');
  },
};

export const WithDescription: Story = {
  args: {
    label: 'Calculando tu resultado...',
    description: 'Estamos comprobando si cumples los requisitos. Suele tardar unos segundos.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Calculando tu resultado...Estamos comprobando si cumples los requisitos. Suele tardar unos segundos.',
    );
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    label: 'Obteniendo tus documentos de la Agencia Tributaria y de la Seguridad Social...',
    description: 'No cierres esta ventana. El proceso puede tardar hasta dos minutos.',
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('status')).toBeVisible();
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
