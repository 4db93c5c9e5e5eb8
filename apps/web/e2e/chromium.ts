/** The Chromium the end-to-end and browser tests use: Debian's, unless CHROME_PATH names another. */
export const chromiumExecutablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Flags that let Chromium start as root, in a container, with no network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
