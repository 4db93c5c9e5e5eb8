import type { Decorator } from '@storybook/react-vite';

import { themeClassNames, type ThemeName } from '../src/themes';

function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && value in themeClassNames;
}

/**
 * Applies the toolbar's (or the story's) theme. On a story's own page the class goes on
 * `<html>`, the way an app switches theme, so portals and the page background follow it. A
 * docs page shows many stories at once, each possibly in its own theme, so there every story
 * gets its theme on a wrapper instead.
 */
export const withTheme: Decorator = (Story, context) => {
  const theme = isThemeName(context.globals.theme) ? context.globals.theme : 'firm';
  const root = document.documentElement;
  root.classList.remove(...Object.values(themeClassNames));
  if (context.viewMode === 'docs') {
    return (
      <div className={themeClassNames[theme]}>
        <Story />
      </div>
    );
  }
  root.classList.add(themeClassNames[theme]);
  return <Story />;
};

/**
 * The element the visual tests photograph. Its padding keeps focus outlines, which are drawn
 * outside the focused element, inside the picture.
 */
export const withStoryRoot: Decorator = (Story) => (
  <div data-testid="story-root" className="bg-background p-6 text-foreground">
    <Story />
  </div>
);

/** Keeps a story as narrow as the places the component is used in. */
export function withWidth(className: string): Decorator {
  const WithWidth: Decorator = (Story) => (
    <div className={className}>
      <Story />
    </div>
  );
  return WithWidth;
}
