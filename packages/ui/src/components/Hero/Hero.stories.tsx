import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { telHref } from '../SiteLink';
import { VideoEmbed } from '../VideoEmbed';
import { Hero } from './Hero';

const meta = {
  title: 'Estructura/Hero',
  component: Hero,
  args: {
    title: '¿No puedes pagar tu hipoteca?',
    description:
      'Comprueba en 5 minutos si puedes acogerte al Código de Buenas Prácticas y bajar la cuota de tu hipoteca.',
    primaryAction: { href: '/simulador', label: 'Comenzar simulador' },
    secondaryAction: { href: telHref('900 123 456'), label: 'Llámanos' },
    media: (
      <VideoEmbed
        src="https://www.youtube-nocookie.com/embed/cbpEjemplo01"
        title="Cómo funciona el Código de Buenas Prácticas"
      />
    ),
  },
  argTypes: {
    title: { control: 'text' },
    description: { control: 'text' },
    media: { control: false },
    renderLink: { control: false },
  },
  parameters: {
    docs: {
      description: {
        component: `
The banner at the top of a public page: the page's \`<h1>\`, a short text, up to two actions and, on the home
page, a video beside the text. Shown on every public page except the simulator, its two result pages and the
pages without the site frame.

**Usage**
- Home: title '¿No puedes pagar tu hipoteca?', the invitation to find out in 5 minutes, \`primaryAction\`
  'Comenzar simulador' → /simulador, \`secondaryAction\` 'Llámanos' with \`telHref(phone)\`, and a \`VideoEmbed\` as
  \`media\`.
- Other pages (Cómo funciona, Documentación, Honorarios, legal pages): their own title and description, usually
  without media or actions.
- Actions are \`{ href, label }\`, rendered by the app's \`renderLink\` (see **Estructura/SiteLink**); a \`tel:\` action
  gets a phone icon and always renders as a plain \`<a>\`.

**Accessibility criteria**
- The title is the page's only \`<h1>\`, and names the hero's region.
- Actions are links that look like buttons: 44 px or taller, 3 px focus outline, the primary one filled and the
  secondary outlined; the phone action is a real \`tel:\` link.
- Text on \`primary-subtle\`: \`foreground\` and \`muted-foreground\` reach 4.5:1.
- Below 1024 px media goes under the text; at 375 px actions stack at full width.
`,
      },
    },
  },
} satisfies Meta<typeof Hero>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Home: Story = {
  play: async ({ canvas }) => {
    const heading = canvas.getByRole('heading', { level: 1 });
    await expect(heading).toHaveTextContent('¿No puedes pagar tu hipoteca?');
    await expect(
      canvas.getByRole('region', { name: '¿No puedes pagar tu hipoteca?' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Comenzar simulador' })).toHaveAttribute(
      'href',
      '/simulador',
    );
    await expect(canvas.getByRole('link', { name: 'Llámanos' })).toHaveAttribute(
      'href',
      'tel:900123456',
    );
    await expect(canvas.getByRole('button', { name: /^Reproducir vídeo: / })).toBeVisible();
  },
};

export const HomeMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Comenzar simulador' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Llámanos' })).toHaveFocus();
    const title = canvas.getByRole('heading', { level: 1 });
    const video = canvas.getByRole('button', { name: /^Reproducir vídeo: / });
    await expect(video.getBoundingClientRect().top).toBeGreaterThan(
      title.getBoundingClientRect().bottom,
    );
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const PageWithoutMedia: Story = {
  args: {
    title: 'Documentación necesaria',
    description:
      'Estos son los documentos que tendrás que aportar. Puedes subirlos en PDF, JPG o PNG, de 5 MB como máximo cada uno.',
    primaryAction: undefined,
    secondaryAction: undefined,
    media: undefined,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Documentación necesaria',
    );
    await expect(canvas.queryAllByRole('link')).toHaveLength(0);
  },
};

export const RefundTheme: Story = {
  globals: { theme: 'refund' },
  args: {
    title: '¿Tu banco te debe los gastos de tu hipoteca?',
    description: 'Puede que tu banco te deba 3000 euros en gastos de hipoteca.',
    primaryAction: { href: '/reclamar', label: 'Ver si puedes reclamar' },
    secondaryAction: undefined,
  },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveClass('theme-refund');
    await expect(canvas.getByRole('link', { name: 'Ver si puedes reclamar' })).toBeVisible();
  },
};
