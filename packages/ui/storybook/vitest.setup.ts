/**
 * Visual regression for every story: after the story has rendered, its play function has run
 * and axe has passed, the story root is compared with the committed reference in
 * `__screenshots__/<file>.stories.tsx/<story>-chromium-linux.png` next to the story file.
 * It runs here and not in a play function, where it would break the story in Storybook itself.
 *
 * Per story, `parameters.screenshot` can be `{ disable: true }` (nothing stable to compare) or
 * `{ scope: 'page' }` (content rendered in a portal outside the story root, e.g. dialogs).
 *
 * Axe runs over the whole page in every story, with every rule the preview sets: a story that
 * narrows it (`a11y.context`), turns rules or the check off, fails
 * (docs/decisions/0212-axe-over-the-whole-page.md).
 */
import { afterEach, beforeAll, expect } from 'vitest';
import { page } from 'vitest/browser';

interface ScreenshotParameters {
  disable?: boolean;
  scope?: 'story' | 'page';
}

interface A11yParameters {
  context?: unknown;
  test?: string;
  disable?: boolean;
  config?: { rules?: { id: string; enabled?: boolean }[] };
  options?: { rules?: Record<string, { enabled?: boolean }> };
}

interface StoryUnderTest {
  id: string;
  parameters: { screenshot?: ScreenshotParameters; a11y?: A11yParameters };
}

/** What in a story's parameters keeps axe from checking the whole page, one sentence each. */
function narrowedAxe(a11y: A11yParameters = {}): string[] {
  const found: string[] = [];
  if (a11y.context !== undefined) found.push('limita axe a una parte de la página (a11y.context)');
  if (a11y.disable === true || (a11y.test ?? 'error') !== 'error') {
    found.push('desactiva la comprobación de axe (a11y.disable o a11y.test)');
  }
  const rulesOff = [
    ...(a11y.config?.rules ?? []).filter((rule) => rule.enabled === false).map((rule) => rule.id),
    ...Object.entries(a11y.options?.rules ?? {})
      .filter(([, rule]) => rule.enabled === false)
      .map(([id]) => id),
  ];
  if (rulesOff.length > 0) found.push(`desactiva reglas de axe: ${rulesOff.join(', ')}`);
  return found;
}

function storyOf(context: object): StoryUnderTest | undefined {
  return 'story' in context ? (context.story as StoryUnderTest) : undefined;
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      resolve();
    }),
  );
}

beforeAll(() => {
  const style = document.createElement('style');
  style.dataset.visualTests = '';
  style.textContent = `*, *::before, *::after {
    animation: none !important;
    transition: none !important;
    caret-color: transparent !important;
  }`;
  document.head.append(style);
});

afterEach((context) => {
  const story = storyOf(context);
  if (!story) return;
  const narrowed = narrowedAxe(story.parameters.a11y);
  if (narrowed.length > 0) {
    throw new Error(
      `La historia ${story.id} ${narrowed.join('; ')}: axe debe revisar toda la página.`,
    );
  }
});

afterEach(async (context) => {
  const story = storyOf(context);
  if (!story || context.task.result?.state === 'fail') return;
  const options = story.parameters.screenshot ?? {};
  if (options.disable) return;

  await Promise.all(
    ['400', '600', '700'].map((weight) => document.fonts.load(`${weight} 1rem "Inter Variable"`)),
  );
  await document.fonts.ready;
  // The tests run in an iframe as large as the viewport, and whatever lies below its bottom
  // edge comes out blank; a taller story gets a taller viewport (the next story resets it).
  const contentHeight = document.documentElement.scrollHeight;
  if (contentHeight > window.innerHeight) await page.viewport(window.innerWidth, contentHeight);
  await nextFrame();
  await nextFrame();

  const name = story.id.split('--').at(-1) ?? story.id;
  if (options.scope !== 'page') {
    await expect.element(page.getByTestId('story-root')).toMatchScreenshot(name);
    return;
  }
  // The whole viewport, so fixed content in portals (toasts in a corner) is in the picture.
  document.body.style.minHeight = '100vh';
  try {
    await expect.element(page.elementLocator(document.body)).toMatchScreenshot(name);
  } finally {
    document.body.style.minHeight = '';
  }
});
