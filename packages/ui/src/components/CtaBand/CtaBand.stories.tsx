import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { CtaBand } from './CtaBand';

const meta = {
  title: 'Estructura/CtaBand',
  component: CtaBand,
  args: { actionHref: '/simulador' },
  argTypes: {
    title: { control: 'text' },
    description: { control: 'text' },
    headingLevel: { control: 'inline-radio', options: [2, 3, 4] },
    renderLink: { control: false },
  },
  parameters: {
    docs: {
      description: {
        component: `
A full-width band near the end of a public page with one invitation and one action: '¿Empezamos?' and
'Empieza ahora' → /simulador by default.

**Usage**
- \`actionHref\` is required; \`title\` ('¿Empezamos?'), \`actionLabel\` ('Empieza ahora') and an optional
  \`description\` can be changed.
- The action is a link rendered by the app's \`renderLink\` (see **Estructura/SiteLink**) with the look of a
  button.
- \`headingLevel\` (default 2) fits the title into the page's outline.

**Accessibility criteria**
- A region named by its heading, so it shows in the landmarks list as '¿Empezamos?'.
- The action is a link (it goes to another page), 52 px high, with a 3 px focus outline; its arrow icon is hidden
  from screen readers.
- \`primary-foreground\` text on \`primary\` (at least 4.5:1); the button uses the \`secondary\` pair.
- Title and action stack at 375 px; long titles wrap.
`,
      },
    },
  },
} satisfies Meta<typeof CtaBand>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('region', { name: '¿Empezamos?' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent('¿Empezamos?');
    const action = canvas.getByRole('link', { name: 'Empieza ahora' });
    await expect(action).toHaveAttribute('href', '/simulador');
    await userEvent.tab();
    await expect(action).toHaveFocus();
  },
};

export const WithDescriptionMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: {
    title: '¿Quieres saber si puedes acogerte al Código de Buenas Prácticas?',
    description: 'Responde a cinco preguntas y te diremos al momento si cumples los requisitos.',
    actionLabel: 'Comprobar mis requisitos',
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('link', { name: 'Comprobar mis requisitos' }).getBoundingClientRect().height,
    ).toBeGreaterThanOrEqual(44);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const RefundTheme: Story = {
  globals: { theme: 'refund' },
  args: { actionHref: '/reclamar', actionLabel: 'Ver si puedes reclamar' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveClass('theme-refund');
    await expect(canvas.getByRole('link', { name: 'Ver si puedes reclamar' })).toHaveAttribute(
      'href',
      '/reclamar',
    );
  },
};
