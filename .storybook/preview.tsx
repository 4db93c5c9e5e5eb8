import '../packages/ui/storybook/preview.css';

import type { Preview } from '../packages/ui/storybook/config';
import { withStoryRoot, withTheme } from '../packages/ui/storybook/decorators';
import { defaultTheme, themes } from '../tailwind.config';

const preview: Preview = {
  tags: ['autodocs'],
  decorators: [withStoryRoot, withTheme],
  globalTypes: {
    theme: {
      description: 'Tema visual',
      toolbar: {
        title: 'Tema',
        icon: 'paintbrush',
        items: Object.entries(themes).map(([value, theme]) => ({ value, title: theme.label })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: {
    theme: defaultTheme,
    viewport: { value: 'desktop', isRotated: false },
  },
  parameters: {
    layout: 'fullscreen',
    backgrounds: { disable: true },
    viewport: {
      options: {
        mobile: {
          name: 'Móvil (375)',
          styles: { width: '375px', height: '667px' },
          type: 'mobile',
        },
        desktop: {
          name: 'Escritorio (1280)',
          styles: { width: '1280px', height: '800px' },
          type: 'desktop',
        },
      },
    },
    a11y: {
      // Every story is an accessibility test: any axe violation fails it.
      test: 'error',
      options: {
        runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    },
    controls: { expanded: true },
    docs: { toc: true },
  },
};

export default preview;
