// Lucide's drawings one module each, as `icon()` takes them: importing one by its own file keeps
// every other drawing out of the files of the pages that show it (the package's index also
// holds code of its own, so a bundler cannot tell which drawings each page uses through it).
declare module 'lucide/dist/esm/icons/*.mjs' {
  import type { IconNode } from 'lucide';

  const drawing: IconNode;
  export default drawing;
}
