/**
 * The browser every browser test uses (this package's, the web's components and journeys):
 * Debian's Chromium unless CHROME_PATH points at another Chrome or Chromium. These flags let it
 * start as root, in a container, with no network.
 */
export const chromiumExecutablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
