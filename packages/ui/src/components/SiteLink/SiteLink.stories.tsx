import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';

import { routerLink } from '../../../storybook/fixtures';
import { Button } from '../Button';
import { linkVariants } from '../TextLink';
import { SiteLink, telHref } from './SiteLink';

const navigated = fn();

const renderRouterLink = routerLink(navigated);

const meta = {
  title: 'Estructura/SiteLink',
  component: SiteLink,
  args: { href: '/como-funciona', className: linkVariants(), children: 'Cómo funciona' },
  argTypes: { renderLink: { control: false }, current: { control: 'boolean' } },
  parameters: {
    docs: {
      description: {
        component: `
How the kit's shells (\`SiteHeader\`, \`SiteFooter\`, \`Hero\`, \`CtaBand\`, \`AppShell\`, \`CookieBanner\`) render links
without knowing the router. They take destinations as data, \`{ href, label }\` (\`LinkItem\`), and one
\`renderLink\` prop; each link is drawn by \`SiteLink\`, which calls \`renderLink\` with every prop an \`<a>\` takes.

\`\`\`tsx
import { Link } from 'react-router';
import type { RenderLink } from '@cbp/ui';

export const renderLink: RenderLink = ({ href, ...props }) => <Link to={href} {...props} />;

<SiteHeader links={links} currentHref={pathname} renderLink={renderLink} … />
\`\`\`

**Usage**
- Spread every prop in \`renderLink\`: the kit passes \`className\`, \`aria-current\`, \`data-slot\` and \`onClick\` (the
  mobile menus close through it). Without \`renderLink\` links are plain \`<a>\` elements.
- Addresses with a scheme (\`tel:\`, \`mailto:\`, \`https:\`) always render as a plain \`<a>\`, whatever \`renderLink\`
  does; \`telHref('900 123 456')\` gives \`tel:900123456\`.
- Current page: pass \`currentHref\` to the shell (or \`current\` to \`SiteLink\`); the link gets \`aria-current="page"\`
  and the shells style that attribute, so a router link that sets it itself (\`NavLink\`) looks the same.
- A link that looks like a button: \`<Button asChild><SiteLink …/></Button>\`.

**Accessibility criteria**
- Links stay links (\`<a href>\`): they open in a new tab, show their address and are listed as links; actions
  that do not go anywhere ('Cerrar sesión', 'Configurar') are buttons instead.
- \`aria-current="page"\` marks the current page for screen readers.
`,
      },
    },
  },
} satisfies Meta<typeof SiteLink>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PlainAnchor: Story = {
  args: { current: true },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Cómo funciona' });
    await expect(link).toHaveAttribute('href', '/como-funciona');
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(link).toHaveAttribute('data-slot', 'site-link');
  },
};

export const WithRouterLink: Story = {
  render: () => (
    <div className="flex flex-col items-start gap-3">
      <SiteLink href="/documentacion" renderLink={renderRouterLink} className={linkVariants()}>
        Documentación
      </SiteLink>
      <SiteLink
        href={telHref('+34 900 123 456')}
        renderLink={renderRouterLink}
        className={linkVariants()}
      >
        Llámanos: +34 900 123 456
      </SiteLink>
      <Button asChild>
        <SiteLink href="/simulador" renderLink={renderRouterLink}>
          Comenzar simulador
        </SiteLink>
      </Button>
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    navigated.mockClear();
    const internal = canvas.getByRole('link', { name: 'Documentación' });
    await expect(internal).toHaveAttribute('data-router-link');
    await userEvent.click(internal);
    await expect(navigated).toHaveBeenCalledWith('/documentacion');

    const phone = canvas.getByRole('link', { name: 'Llámanos: +34 900 123 456' });
    await expect(phone).toHaveAttribute('href', 'tel:+34900123456');
    await expect(phone).not.toHaveAttribute('data-router-link');

    const action = canvas.getByRole('link', { name: 'Comenzar simulador' });
    await expect(action).toHaveAttribute('data-router-link');
    await expect(action).toHaveAttribute('data-variant', 'primary');
    action.focus();
    await userEvent.keyboard('{Enter}');
    await expect(navigated).toHaveBeenLastCalledWith('/simulador');
  },
};
