import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { firmBrand, renderRouterLink } from '../../../storybook/fixtures';
import { SiteHeader } from './SiteHeader';

const meta = {
  title: 'Estructura/SiteHeader',
  component: SiteHeader,
  args: {
    brand: firmBrand,
    links: [
      { href: '/', label: 'Inicio' },
      { href: '/como-funciona', label: 'Cómo funciona' },
      { href: '/documentacion', label: 'Documentación' },
      { href: '/honorarios', label: 'Honorarios' },
    ],
    currentHref: '/como-funciona',
    action: { href: '/simulador', label: 'Comenzar simulador' },
    accountLink: { href: '/login', label: 'Acceso clientes' },
    renderLink: renderRouterLink,
  },
  argTypes: {
    brand: { control: false },
    renderLink: { control: false },
    currentHref: { control: 'text' },
  },
  render: (args) => (
    <>
      <SiteHeader {...args} />
      <main id="contenido-principal" className="px-4 py-8 lg:px-8">
        <h1 className="text-3xl font-bold">Cómo funciona</h1>
      </main>
    </>
  ),
  parameters: {
    docs: {
      description: {
        component: `
The public site's top bar: a skip link, the firm's brand linking home, the main navigation, 'Acceso clientes'
and the 'Comenzar simulador' button. From 1024 px everything sits in one row; below, the navigation and both
links fold into a menu opened by a burger button. A presentational shell: links come in as props and are
rendered by the app's \`renderLink\` (see **Estructura/SiteLink**).

**Usage**
- \`links\`: the spec's entries in order (Inicio, Cómo funciona, Documentación, Honorarios) as \`{ href, label }\`.
- \`currentHref\`: the current route; the matching link gets \`aria-current="page"\`. A router link that sets
  \`aria-current\` itself (React Router's \`NavLink\`) gets the same look, because the style follows the attribute.
- \`action\` is the call to action ('Comenzar simulador' → /simulador); \`accountLink\` is 'Acceso clientes' → /login.
- The page needs \`<main id="contenido-principal">\` (or pass \`mainId\`) for the skip link. Hide the header on /app,
  /login and the reset-password pages.
- \`brand\`: text or a logo; an image logo needs a text alternative (it is the home link's name).

**Accessibility criteria**
- The first Tab shows 'Saltar al contenido principal'; Enter moves focus to the main content.
- The navigation is a \`<nav>\` named 'Principal' with a list of links; the current page has \`aria-current="page"\`
  and is bold and underlined, not told by colour alone.
- Burger (below 1024 px): a button with \`aria-expanded\` and \`aria-controls\`, named 'Abrir menú' or 'Cerrar menú';
  Enter or Space toggles it; Escape closes the menu and returns focus to the button; choosing a link closes it.
  The menu pushes the page down instead of covering it, so there is no focus trap.
- Every target is at least 44 px high; focus is a 3 px outline in the \`ring\` token.
- At 375 px nothing scrolls sideways: the bar holds only the brand and the burger.
`,
      },
    },
  },
} satisfies Meta<typeof SiteHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Principal' });
    await expect(nav).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Cómo funciona' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('link', { name: 'Inicio' })).not.toHaveAttribute('aria-current');
    await expect(canvas.getByRole('link', { name: 'Comenzar simulador' })).toHaveAttribute(
      'href',
      '/simulador',
    );
    await expect(canvas.getByRole('link', { name: 'Acceso clientes' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(canvas.queryByRole('button', { name: 'Abrir menú' })).not.toBeInTheDocument();
  },
};

export const SkipToContent: Story = {
  parameters: {
    docs: {
      description: {
        story: 'The first Tab shows the skip link; Enter moves focus to the main content.',
      },
    },
  },
  play: async ({ canvas, userEvent }) => {
    const skipLink = canvas.getByRole('link', { name: 'Saltar al contenido principal' });
    await userEvent.tab();
    await expect(skipLink).toHaveFocus();
    await expect(skipLink.getBoundingClientRect().width).toBeGreaterThan(1);
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('main')).not.toHaveAttribute('tabindex');
    // Shown focused again for the visual reference.
    skipLink.focus();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  parameters: {
    docs: {
      description: {
        story:
          'Below 1024 px the entries sit behind the burger. Enter opens it, Escape closes it and focus goes back to the button; choosing a link closes it too.',
      },
    },
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByRole('navigation', { name: 'Principal' })).not.toBeInTheDocument();
    const burger = canvas.getByRole('button', { name: 'Abrir menú' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    const menuId = burger.getAttribute('aria-controls') ?? '';
    await expect(document.getElementById(menuId)).not.toBeVisible();

    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(burger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(burger).toHaveAccessibleName('Cerrar menú');
    await expect(document.getElementById(menuId)).toBeVisible();

    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Inicio' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(burger).toHaveAccessibleName('Abrir menú');
    await expect(burger).toHaveFocus();

    await userEvent.keyboard(' ');
    await userEvent.click(canvas.getByRole('link', { name: 'Documentación' }));
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('navigation', { name: 'Principal' })).not.toBeInTheDocument();
  },
};

export const MobileMenuOpen: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Abrir menú' }));
    const nav = canvas.getByRole('navigation', { name: 'Principal' });
    await expect(nav).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Cómo funciona' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    for (const name of ['Inicio', 'Documentación', 'Honorarios', 'Acceso clientes']) {
      await expect(canvas.getByRole('link', { name })).toBeVisible();
    }
    const action = canvas.getByRole('link', { name: 'Comenzar simulador' });
    await expect(action.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
      document.documentElement.clientWidth,
    );
  },
};

export const RefundTheme: Story = {
  globals: { theme: 'refund' },
  args: {
    brand: 'Reclama tus gastos',
    links: [
      { href: '/', label: 'Inicio' },
      { href: '/como-funciona', label: 'Cómo funciona' },
      { href: '/preguntas-frecuentes', label: 'Preguntas frecuentes' },
    ],
    currentHref: '/',
    action: { href: '/reclamar', label: 'Comprobar si puedo reclamar' },
    accountLink: undefined,
  },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveClass('theme-refund');
    await expect(canvas.getByRole('link', { name: 'Inicio' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.queryByRole('link', { name: 'Acceso clientes' })).not.toBeInTheDocument();
  },
};
