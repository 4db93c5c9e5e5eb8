/**
 * Design tokens of @cbp/ui: the one place where colours, radii and fonts are defined.
 *
 * Tailwind loads this file through `@config` in packages/ui/src/styles/theme.css. Its plugin
 * writes every token as a CSS variable (`--cbp-color-primary`, `--cbp-radius-md`, ...) on
 * `:root` and on one class per theme (`.theme-firm`, `.theme-refund`); theme.css maps those
 * variables into Tailwind with `@theme inline`, so `bg-primary` follows whichever theme class
 * is on the nearest ancestor. See docs/decisions/0200-design-token-pipeline.md.
 *
 * Nothing is imported here on purpose: the file sits at the workspace root, where the
 * packages that provide Tailwind's types are not installed.
 */

type HexColor = `#${string}`;

export const colorTokens = [
  'background',
  'foreground',
  'surface',
  'surface-foreground',
  'muted',
  'muted-foreground',
  'border',
  'input',
  'ring',
  'link',
  'link-hover',
  'primary',
  'primary-foreground',
  'primary-hover',
  'primary-subtle',
  'secondary',
  'secondary-foreground',
  'secondary-hover',
  'accent',
  'accent-foreground',
  'danger',
  'danger-foreground',
  'danger-hover',
  'danger-subtle',
  'danger-strong',
  'success',
  'success-foreground',
  'success-subtle',
  'success-strong',
  'info',
  'info-foreground',
  'info-subtle',
  'info-strong',
  'warning',
  'warning-foreground',
  'warning-subtle',
  'warning-strong',
] as const;

export type ColorToken = (typeof colorTokens)[number];

export const radiusTokens = ['sm', 'md', 'lg'] as const;

export type RadiusToken = (typeof radiusTokens)[number];

export interface ThemeTokens {
  /** Spanish name shown to designers (Storybook toolbar, docs). */
  label: string;
  /** Class that switches a subtree (normally `<html>`) to this theme. */
  className: `theme-${string}`;
  colors: Record<ColorToken, HexColor>;
  radius: Record<RadiusToken, string>;
}

/**
 * Errors, confirmations and information look the same in every service, so a person who knows
 * one recognises them in the other; warnings follow each theme.
 */
const statusColors = {
  danger: '#B91C1C',
  'danger-foreground': '#FFFFFF',
  'danger-hover': '#991B1B',
  'danger-subtle': '#FEF2F2',
  'danger-strong': '#991B1B',
  success: '#15803D',
  'success-foreground': '#FFFFFF',
  'success-subtle': '#F0FDF4',
  'success-strong': '#166534',
  info: '#1D4ED8',
  'info-foreground': '#FFFFFF',
  'info-subtle': '#EFF6FF',
  'info-strong': '#1E40AF',
} as const satisfies Partial<Record<ColorToken, HexColor>>;

/** The firm's own theme: deep navy for trust, warm paper tones, near-black text. */
const firm: ThemeTokens = {
  label: 'Despacho',
  className: 'theme-firm',
  colors: {
    background: '#FDFBF7',
    foreground: '#1C1917',
    surface: '#FFFFFF',
    'surface-foreground': '#1C1917',
    muted: '#F4EFE6',
    'muted-foreground': '#57534E',
    border: '#E3DCD0',
    input: '#766D64',
    ring: '#B45309',
    link: '#1E4FA3',
    'link-hover': '#17365D',
    primary: '#17365D',
    'primary-foreground': '#FFFFFF',
    'primary-hover': '#122B4A',
    'primary-subtle': '#E8EEF6',
    secondary: '#EFE6D8',
    'secondary-foreground': '#3D3024',
    'secondary-hover': '#E2D5C0',
    accent: '#A93B0C',
    'accent-foreground': '#FFFFFF',
    ...statusColors,
    warning: '#B45309',
    'warning-foreground': '#FFFFFF',
    'warning-subtle': '#FFFBEB',
    'warning-strong': '#92400E',
  },
  radius: { sm: '0.25rem', md: '0.5rem', lg: '0.75rem' },
};

/** The mortgage-expenses refund service: deep green, cooler paper, rounder corners. */
const refund: ThemeTokens = {
  label: 'Reclamación de gastos',
  className: 'theme-refund',
  colors: {
    background: '#F7FAF9',
    foreground: '#15211E',
    surface: '#FFFFFF',
    'surface-foreground': '#15211E',
    muted: '#E8F0ED',
    'muted-foreground': '#4A5A55',
    border: '#D3E0DB',
    input: '#6B7A75',
    ring: '#0F766E',
    link: '#0B5D4B',
    'link-hover': '#084C3D',
    primary: '#0B5D4B',
    'primary-foreground': '#FFFFFF',
    'primary-hover': '#084C3D',
    'primary-subtle': '#E3F1EC',
    secondary: '#E0EEE9',
    'secondary-foreground': '#1F3B34',
    'secondary-hover': '#CBE2DA',
    accent: '#5A3E8C',
    'accent-foreground': '#FFFFFF',
    ...statusColors,
    warning: '#A16207',
    'warning-foreground': '#FFFFFF',
    'warning-subtle': '#FEFCE8',
    'warning-strong': '#854D0E',
  },
  radius: { sm: '0.375rem', md: '0.75rem', lg: '1rem' },
};

export const themes = { firm, refund } as const;

export type ThemeName = keyof typeof themes;

/** The theme written on `:root`, used when no theme class is present. */
export const defaultTheme: ThemeName = 'firm';

interface ContrastRequirement {
  foreground: ColorToken;
  backgrounds: readonly ColorToken[];
  /** 4.5 for text (WCAG 2.2 SC 1.4.3), 3 for borders, focus outlines and icons (SC 1.4.11). */
  minimum: 4.5 | 3;
}

/**
 * Every pair of tokens the components put together, with the minimum contrast it must reach in
 * every theme (AA). packages/ui/test/tokens.test.ts checks them; a new pairing belongs here.
 */
export const contrastRequirements: readonly ContrastRequirement[] = [
  {
    foreground: 'foreground',
    backgrounds: [
      'background',
      'surface',
      'muted',
      'primary-subtle',
      'danger-subtle',
      'success-subtle',
      'info-subtle',
      'warning-subtle',
    ],
    minimum: 4.5,
  },
  { foreground: 'surface-foreground', backgrounds: ['surface', 'muted'], minimum: 4.5 },
  {
    foreground: 'muted-foreground',
    backgrounds: ['background', 'surface', 'muted', 'primary-subtle'],
    minimum: 4.5,
  },
  { foreground: 'link', backgrounds: ['background', 'surface', 'muted'], minimum: 4.5 },
  { foreground: 'link-hover', backgrounds: ['background', 'surface', 'muted'], minimum: 4.5 },
  { foreground: 'primary', backgrounds: ['background', 'surface'], minimum: 4.5 },
  { foreground: 'primary-foreground', backgrounds: ['primary', 'primary-hover'], minimum: 4.5 },
  {
    foreground: 'secondary-foreground',
    backgrounds: ['secondary', 'secondary-hover'],
    minimum: 4.5,
  },
  { foreground: 'accent-foreground', backgrounds: ['accent'], minimum: 4.5 },
  { foreground: 'danger-foreground', backgrounds: ['danger', 'danger-hover'], minimum: 4.5 },
  { foreground: 'success-foreground', backgrounds: ['success'], minimum: 4.5 },
  { foreground: 'info-foreground', backgrounds: ['info'], minimum: 4.5 },
  { foreground: 'warning-foreground', backgrounds: ['warning'], minimum: 4.5 },
  {
    foreground: 'danger-strong',
    backgrounds: ['danger-subtle', 'background', 'surface'],
    minimum: 4.5,
  },
  { foreground: 'success-strong', backgrounds: ['success-subtle', 'background'], minimum: 4.5 },
  { foreground: 'info-strong', backgrounds: ['info-subtle', 'background'], minimum: 4.5 },
  { foreground: 'warning-strong', backgrounds: ['warning-subtle', 'background'], minimum: 4.5 },
  { foreground: 'input', backgrounds: ['background', 'surface'], minimum: 3 },
  { foreground: 'ring', backgrounds: ['background', 'surface', 'muted'], minimum: 3 },
  {
    foreground: 'danger',
    backgrounds: ['background', 'surface', 'danger-subtle'],
    minimum: 3,
  },
  { foreground: 'success', backgrounds: ['background', 'success-subtle'], minimum: 3 },
  { foreground: 'info', backgrounds: ['background', 'info-subtle'], minimum: 3 },
  { foreground: 'warning', backgrounds: ['background', 'warning-subtle'], minimum: 3 },
  { foreground: 'primary', backgrounds: ['primary-subtle'], minimum: 3 },
];

/** Shared by every theme. */
export const fonts = {
  sans: "'Inter Variable', ui-sans-serif, system-ui, sans-serif",
} as const;

export function colorVariable(token: ColorToken): string {
  return `--cbp-color-${token}`;
}

export function radiusVariable(token: RadiusToken): string {
  return `--cbp-radius-${token}`;
}

export const fontVariable = '--cbp-font-sans';

type Declarations = Record<string, string>;

function themeDeclarations(theme: ThemeTokens): Declarations {
  const declarations: Declarations = { 'color-scheme': 'light' };
  for (const token of colorTokens) declarations[colorVariable(token)] = theme.colors[token];
  for (const token of radiusTokens) declarations[radiusVariable(token)] = theme.radius[token];
  return declarations;
}

/**
 * The CSS rules the tokens produce, in cascade order: the default theme also owns `:root`, and
 * the other themes come after it so that a theme class on `<html>` wins over `:root`.
 */
export function tokenRules(): Record<string, Declarations> {
  const rules: Record<string, Declarations> = {
    ':root': { [fontVariable]: fonts.sans },
    [`:root, .${themes[defaultTheme].className}`]: themeDeclarations(themes[defaultTheme]),
  };
  for (const [name, theme] of Object.entries(themes)) {
    if (name !== defaultTheme) rules[`.${theme.className}`] = themeDeclarations(theme);
  }
  return rules;
}

interface PluginApi {
  addBase: (rules: Record<string, Declarations>) => void;
}

export default {
  plugins: [
    ({ addBase }: PluginApi) => {
      addBase(tokenRules());
    },
  ],
};
