import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { SiteFooter } from './SiteFooter';

const meta = {
  title: 'Estructura/SiteFooter',
  component: SiteFooter,
  args: {
    firmName: 'Abogados CBP',
    year: 2026,
    phone: '900 123 456',
    brand: (
      <p className="max-w-xs">
        <span className="block text-xl font-bold">Abogados CBP</span>
        Te ayudamos a bajar la cuota de tu hipoteca con el Código de Buenas Prácticas.
      </p>
    ),
    columns: [
      {
        title: 'Producto',
        links: [
          { href: '/simulador', label: 'Simulador' },
          { href: '/como-funciona', label: 'Cómo funciona' },
          { href: '/documentacion', label: 'Documentación' },
          { href: '/honorarios', label: 'Honorarios' },
        ],
      },
      {
        title: 'Empresa',
        links: [
          { href: '/#quienes-somos', label: 'Quiénes somos' },
          { href: '/login', label: 'Acceso clientes' },
        ],
      },
      {
        title: 'Legal',
        links: [
          { href: '/aviso-legal', label: 'Aviso legal' },
          { href: '/politica-privacidad', label: 'Política de privacidad' },
          { href: '/politica-cookies', label: 'Política de cookies' },
          { href: '/condiciones-generales', label: 'Condiciones generales' },
        ],
      },
    ],
  },
  argTypes: {
    brand: { control: false },
    renderLink: { control: false },
    headingLevel: { control: 'inline-radio', options: [2, 3, 4] },
  },
  parameters: {
    docs: {
      description: {
        component: `
The public site's footer: an optional brand block with the firm's phone as a call link, three columns of
links (Producto, Empresa, Legal) and the copyright line. Links are \`{ href, label }\` rendered by the app's
\`renderLink\` (see **Estructura/SiteLink**).

**Usage**
- \`columns\`: the spec's three, each \`{ title, links }\`, with links to the pages of the route table
  (legal pages under Legal).
- \`phone\` as people write it ('900 123 456'); the link calls \`tel:900123456\` and reads 'Llámanos: 900 123 456'
  (\`phoneLabel\` changes the words).
- \`firmName\` and \`year\` make the copyright line ('© 2026 Abogados CBP. Todos los derechos reservados.');
  pass the year so a prerendered page and the browser agree. \`copyright\` replaces the sentence.
- \`headingLevel\` (default 2) fits the column headings into the page's outline.

**Accessibility criteria**
- A \`<footer>\` landmark (contentinfo) with one heading and one list per column.
- Links are underlined and in \`primary-foreground\` on \`primary\` (at least 4.5:1), each at least 44 px high.
- The phone is a real \`tel:\` link whose name includes the number; its icon is hidden from screen readers.
- One column per row at 375 px, two on tablets, four from 1024 px; nothing scrolls sideways.
`,
      },
    },
  },
} satisfies Meta<typeof SiteFooter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  play: async ({ canvas }) => {
    const footer = canvas.getByRole('contentinfo');
    for (const [title, count] of [
      ['Producto', 4],
      ['Empresa', 2],
      ['Legal', 4],
    ] as const) {
      const heading = canvas.getByRole('heading', { level: 2, name: title });
      const list = heading.nextElementSibling;
      if (!(list instanceof HTMLElement)) throw new Error(`No list after ${title}`);
      await expect(within(list).getAllByRole('link')).toHaveLength(count);
    }
    await expect(canvas.getByRole('link', { name: 'Aviso legal' })).toHaveAttribute(
      'href',
      '/aviso-legal',
    );
    await expect(canvas.getByRole('link', { name: 'Llámanos: 900 123 456' })).toHaveAttribute(
      'href',
      'tel:900123456',
    );
    await expect(footer).toHaveTextContent('© 2026 Abogados CBP. Todos los derechos reservados.');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas }) => {
    const links = canvas.getAllByRole('link');
    for (const link of links) {
      await expect(link.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    }
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
      document.documentElement.clientWidth,
    );
  },
};

export const WithoutPhoneOrBrand: Story = {
  args: { phone: undefined, brand: undefined, firmName: 'Reclama tus gastos S.L.' },
  globals: { theme: 'refund' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link', { name: /Llámanos/ })).not.toBeInTheDocument();
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent(
      '© 2026 Reclama tus gastos S.L. Todos los derechos reservados.',
    );
  },
};
