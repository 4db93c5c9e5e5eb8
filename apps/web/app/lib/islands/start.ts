import { startIsland } from './hydrate';
import { isIslandName } from './registry';

/**
 * The only script of a page served without React Router: starts each island of the page
 * (lib/islands/Island.tsx), then marks the document as started, as the root does on the other
 * pages, so what was tapped before is carried out (prerender/early-input.ts).
 */
async function startPage(): Promise<void> {
  const elements = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  // One island that fails to load (its file gone after a new version went live) leaves the
  // others working, and what was tapped on them before is still carried out.
  const started = await Promise.allSettled(
    elements.map(async (element) => {
      const { island: name, islandId, props } = element.dataset;
      if (!isIslandName(name) || islandId === undefined) {
        throw new Error(`Unknown island: ${String(name)}`);
      }
      await startIsland(element, name, JSON.parse(props ?? '{}') as object, islandId);
    }),
  );
  document.documentElement.dataset.hydrated = 'true';
  for (const result of started) {
    if (result.status === 'rejected') console.error(result.reason);
  }
}

void startPage();
