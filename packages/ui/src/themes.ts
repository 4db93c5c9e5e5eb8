/**
 * The class that switches an element (normally `<html>`) and everything inside it to a theme.
 * Without any of them the firm's theme applies. Kept equal to the themes of the root
 * tailwind.config.ts by test/tokens.test.ts.
 */
export const themeClassNames = {
  firm: 'theme-firm',
  refund: 'theme-refund',
} as const;

export type ThemeName = keyof typeof themeClassNames;
