import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import {
  colorTokens,
  contrastRequirements,
  radiusTokens,
  themes,
} from '../../../tailwind.config.ts';
import { contrastRatio } from '../storybook/contrast';
import { themeClassNames } from '../src/themes';

const sourceDir = fileURLToPath(new URL('../src', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('contrastRatio', () => {
  it('gives 21:1 for black on white: (1 + 0.05) / (0 + 0.05)', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBe(21);
  });

  it('gives 4.54:1 for #767676 on white, the lightest grey that passes AA for text', () => {
    // 0x76 = 118; 118/255 = 0.4627; ((0.4627 + 0.055) / 1.055) ** 2.4 = 0.1812 = luminance.
    // (1 + 0.05) / (0.1812 + 0.05) = 4.54
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#FFFFFF', '#767676')).toBeCloseTo(4.54, 2);
  });
});

describe.each(Object.entries(themes))('theme %s', (_name, theme) => {
  it('meets WCAG 2.2 AA for every pair of tokens the components combine', () => {
    const failures = contrastRequirements.flatMap(({ foreground, backgrounds, minimum }) =>
      backgrounds
        .map((background) => ({
          pair: `${foreground} on ${background}`,
          ratio: contrastRatio(theme.colors[foreground], theme.colors[background]),
          minimum,
        }))
        .filter(({ ratio }) => ratio < minimum),
    );
    expect(failures).toEqual([]);
  });

  it('is switched on by the class the package exports', () => {
    expect(Object.values(themeClassNames)).toContain(theme.className);
  });
});

describe('theme.css', () => {
  const css = readFileSync(join(sourceDir, 'styles/theme.css'), 'utf8');

  it('maps every colour token into Tailwind, and nothing else', () => {
    const mapped = [...css.matchAll(/--color-([\w-]+): var\(--cbp-color-([\w-]+)\);/g)];
    expect(mapped.map(([, name, variable]) => [name, variable])).toEqual(
      colorTokens.map((token) => [token, token]),
    );
  });

  it('maps every radius token into Tailwind', () => {
    const mapped = [...css.matchAll(/--radius-([\w-]+): var\(--cbp-radius-([\w-]+)\);/g)];
    expect(mapped.map(([, name, variable]) => [name, variable])).toEqual(
      radiusTokens.map((token) => [token, token]),
    );
  });
});

describe('exported theme class names', () => {
  it('are exactly the themes of tailwind.config.ts', () => {
    expect(themeClassNames).toEqual(
      Object.fromEntries(Object.entries(themes).map(([name, theme]) => [name, theme.className])),
    );
  });
});

describe('components', () => {
  const palette =
    'slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose';
  const hardCodedColour = new RegExp(
    [
      String.raw`#[0-9a-f]{3,8}\b`,
      String.raw`\b(?:rgba?|hsla?|oklch|oklab|lab|lch)\(`,
      String.raw`-(?:${palette})-\d{2,3}\b`,
      String.raw`\b(?:bg|text|border|outline|ring|fill|stroke|decoration)-(?:white|black)\b`,
    ].join('|'),
    'i',
  );

  it('take every colour from the tokens', () => {
    const offenders = filesUnder(join(sourceDir, 'components'))
      .filter((file) => file.endsWith('.tsx') || file.endsWith('.ts'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, at: `${relative(sourceDir, file)}:${index + 1}` }))
          .filter(({ line }) => hardCodedColour.test(line)),
      );
    expect(offenders).toEqual([]);
  });
});
