import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import {
  colorTokens,
  colorVariable,
  contrastRequirements,
  radiusTokens,
  radiusVariable,
  themes,
  type ThemeTokens,
} from '../../../../tailwind.config';
import { cn } from '../lib/cn';
import { contrastRatio, rgbChannels } from '../../storybook/contrast';

const meta = {
  title: 'Fundamentos/Tokens',
  parameters: {
    docs: {
      description: {
        component: `
The design tokens, defined once in the repository's root \`tailwind.config.ts\` and shown here for both
themes. Each colour token \`x\` is the CSS variable \`--cbp-color-x\` and the Tailwind colour \`x\`
(\`bg-x\`, \`text-x\`, \`border-x\`, \`outline-x\`...); radii are \`--cbp-radius-{sm,md,lg}\` / \`rounded-{sm,md,lg}\`.
The theme is the class on \`<html>\`: none or \`theme-firm\` for the firm, \`theme-refund\` for the
mortgage-expenses refund service.

**Naming**
- \`background\` / \`foreground\`: the page. \`surface\`: cards and inputs. \`muted\`: quiet areas and
  secondary text (\`muted-foreground\`).
- \`primary\`, \`secondary\`, \`accent\`, \`danger\`, \`success\`, \`info\`, \`warning\`: a solid colour with
  \`-foreground\` for text on it, \`-hover\` for its pressed/hover shade where it is interactive, \`-subtle\`
  for a tinted background and \`-strong\` for text and icons on that tint or on the page.
- \`border\` decorates; \`input\` outlines controls (3:1); \`ring\` draws focus (3:1); \`link\` and \`link-hover\` colour links.

**Contrast**: every pairing the components use is listed in \`contrastRequirements\` and checked by the
unit tests in both themes (4.5:1 for text, 3:1 for borders, focus and icons).
`,
      },
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const themeEntries = Object.entries(themes);

function ThemePalette({ theme }: { theme: ThemeTokens }) {
  return (
    <section
      aria-labelledby={`${theme.className}-title`}
      className={cn(
        theme.className,
        'rounded-lg border-2 border-border bg-background p-4 text-foreground',
      )}
    >
      <h2 id={`${theme.className}-title`} className="mb-3 text-lg font-bold">
        {theme.label} <span className="font-normal text-muted-foreground">.{theme.className}</span>
      </h2>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-2">
        {colorTokens.map((token) => (
          <li key={token} className="flex items-center gap-2 text-sm">
            <span
              data-token={token}
              className="size-7 shrink-0 rounded-sm border border-border"
              style={{ backgroundColor: `var(${colorVariable(token)})` }}
            />
            <span className="min-w-0">
              <span className="block font-semibold">{token}</span>
              <span className="block text-muted-foreground tabular-nums">
                {theme.colors[token]}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const Colours: Story = {
  render: () => (
    <div className="grid grid-cols-2 gap-6">
      {themeEntries.map(([name, theme]) => (
        <ThemePalette key={name} theme={theme} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    for (const [, theme] of themeEntries) {
      const section = canvas.getByRole('region', { name: new RegExp(theme.label) });
      for (const token of colorTokens) {
        const swatch = section.querySelector(`[data-token="${token}"]`);
        const [red, green, blue] = rgbChannels(theme.colors[token]);
        await expect(swatch && getComputedStyle(swatch).backgroundColor).toBe(
          `rgb(${red}, ${green}, ${blue})`,
        );
      }
    }
  },
};

export const Radii: Story = {
  render: () => (
    <div className="flex flex-col gap-6">
      {themeEntries.map(([name, theme]) => (
        <div
          key={name}
          className={cn(theme.className, 'flex items-center gap-6 bg-background p-4')}
        >
          <p className="w-48 font-semibold">{theme.label}</p>
          {radiusTokens.map((token) => (
            <div key={token} className="flex flex-col items-center gap-1 text-sm">
              <span
                data-radius={token}
                className="size-14 border-2 border-primary bg-primary-subtle"
                style={{ borderRadius: `var(${radiusVariable(token)})` }}
              />
              rounded-{token} · {theme.radius[token]}
            </div>
          ))}
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const sizes = [...canvasElement.querySelectorAll('[data-radius]')].map(
      (element) => getComputedStyle(element).borderTopLeftRadius,
    );
    const rootFontSize = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
    await expect(sizes).toEqual(
      themeEntries.flatMap(([, theme]) =>
        radiusTokens.map((token) => `${Number.parseFloat(theme.radius[token]) * rootFontSize}px`),
      ),
    );
  },
};

const numberFormat = new Intl.NumberFormat('es-ES', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export const Contrast: Story = {
  render: () => (
    <table className="w-full border-collapse text-sm">
      <caption className="mb-2 text-start text-base font-semibold">
        Contraste de cada combinación de tokens (mínimo AA)
      </caption>
      <thead>
        <tr className="border-b-2 border-border text-start">
          <th scope="col" className="py-1 pe-3 text-start">
            Texto o borde
          </th>
          <th scope="col" className="py-1 pe-3 text-start">
            Sobre
          </th>
          <th scope="col" className="py-1 pe-3 text-end">
            Mínimo
          </th>
          {themeEntries.map(([name, theme]) => (
            <th key={name} scope="col" className="py-1 pe-3 text-end">
              {theme.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {contrastRequirements.flatMap(({ foreground, backgrounds, minimum }) =>
          backgrounds.map((background) => (
            <tr key={`${foreground}/${background}`} className="border-b border-border">
              <td className="py-1 pe-3">{foreground}</td>
              <td className="py-1 pe-3">{background}</td>
              <td className="py-1 pe-3 text-end tabular-nums">{numberFormat.format(minimum)}</td>
              {themeEntries.map(([name, theme]) => (
                <td key={name} className="py-1 pe-3 text-end tabular-nums">
                  {numberFormat.format(
                    contrastRatio(theme.colors[foreground], theme.colors[background]),
                  )}
                </td>
              ))}
            </tr>
          )),
        )}
      </tbody>
    </table>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table')).toBeVisible();
  },
};
