import type { Meta, StoryObj } from '@storybook/react-vite';
import ChevronLeftDrawing from 'lucide/dist/esm/icons/chevron-left.mjs';
import type * as React from 'react';
import { expect } from 'storybook/test';

import { TextLink, linkVariants } from './TextLink';
import { icon } from '../../lib/icon';

const ChevronLeft = icon(ChevronLeftDrawing);

const meta = {
  title: 'Componentes/TextLink',
  component: TextLink,
  args: { href: '#como-funciona', children: 'cómo funciona el Código de Buenas Prácticas' },
  argTypes: {
    variant: { control: 'select', options: ['inline', 'standalone', 'subtle', 'inverse'] },
    newTab: { control: 'boolean' },
  },
  render: (args) => (
    <p className="max-w-prose">
      Antes de empezar, lee <TextLink {...args} /> y ten a mano tus últimos recibos.
    </p>
  ),
  parameters: {
    docs: {
      description: {
        component: `
A link that looks like one. \`TextLink\` renders an \`<a>\`, or with \`asChild\` your router's link;
\`linkVariants({ variant })\` gives the classes alone for any element.

**Usage**
- \`inline\` inside running text; \`standalone\` for a link on its own line ("Atrás", "¿Has olvidado tu
  contraseña?"); \`subtle\` for footers and secondary navigation; \`inverse\` on \`primary\` backgrounds.
- With a router: \`<TextLink asChild><Link to="/login">Acceso clientes</Link></TextLink>\`. This package
  never imports the router.
- \`newTab\` opens the link in a new tab (the privacy policy from the contact step) and says so.
- The text says where the link goes; never "pulsa aquí".

**Accessibility criteria**
- Always underlined, so links are not told by colour alone; the underline thickens on hover.
- Visible focus: 3 px outline in the \`ring\` token.
- \`newTab\` adds an external-link icon and, for screen readers, "(se abre en una pestaña nueva)", with
  \`rel="noopener noreferrer"\`.
- Link colours meet 4.5:1 on the page background and on surfaces.
`,
      },
    },
  },
} satisfies Meta<typeof TextLink>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Inline: Story = {
  play: async ({ canvas, userEvent }) => {
    const link = canvas.getByRole('link', { name: 'cómo funciona el Código de Buenas Prácticas' });
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await expect(link).toHaveAttribute('href', '#como-funciona');
  },
};

export const Standalone: Story = {
  args: { variant: 'standalone', href: '#paso-anterior' },
  render: (args) => (
    <TextLink {...args}>
      <ChevronLeft />
      Atrás
    </TextLink>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Atrás' })).toHaveAttribute(
      'data-variant',
      'standalone',
    );
  },
};

export const Subtle: Story = {
  render: () => (
    <ul className="flex flex-col gap-2">
      <li>
        <TextLink variant="subtle" href="#aviso-legal">
          Aviso legal
        </TextLink>
      </li>
      <li>
        <TextLink variant="subtle" href="#politica-cookies">
          Política de cookies
        </TextLink>
      </li>
    </ul>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('link')).toHaveLength(2);
  },
};

export const Inverse: Story = {
  render: () => (
    <div className="rounded-md bg-primary p-6 text-primary-foreground">
      ¿Tienes dudas?{' '}
      <TextLink variant="inverse" href="#contacto">
        Escríbenos
      </TextLink>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Escríbenos' })).toBeVisible();
  },
};

export const OpensInNewTab: Story = {
  render: () => (
    <p>
      He leído y acepto la{' '}
      <TextLink href="#politica-privacidad" newTab>
        política de privacidad
      </TextLink>
      .
    </p>
  ),
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', {
      name: 'política de privacidad (se abre en una pestaña nueva)',
    });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  },
};

function RouterLink({ to, children, ...props }: { to: string } & React.ComponentProps<'a'>) {
  return (
    <a href={to} data-router-link="" {...props}>
      {children}
    </a>
  );
}

export const WithRouterLink: Story = {
  parameters: {
    docs: {
      description: {
        story:
          'With `asChild` the router’s link keeps its behaviour and gets the styles; `linkVariants()` does the same with classes only.',
      },
    },
  },
  render: () => (
    <div className="flex flex-col items-start gap-3">
      <TextLink asChild>
        <RouterLink to="#login">Acceso clientes</RouterLink>
      </TextLink>
      <RouterLink to="#simulador" className={linkVariants({ variant: 'standalone' })}>
        Comenzar simulador
      </RouterLink>
    </div>
  ),
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Acceso clientes' });
    await expect(link).toHaveAttribute('data-router-link');
    await expect(link).toHaveAttribute('data-slot', 'text-link');
  },
};

export const LongText: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  render: () => (
    <p>
      Consulta la{' '}
      <TextLink href="#documentacion">
        lista completa de documentos que necesitas para acogerte al Código de Buenas Prácticas
      </TextLink>{' '}
      antes de empezar.
    </p>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};
