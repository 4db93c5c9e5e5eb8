#!/usr/bin/env node
// Checks, before anything else runs, that the machine can install and run the project, and says
// in Spanish what to do when it cannot. Plain JavaScript that any Node.js version can parse,
// because it exists to stop the versions that cannot run the rest.
//
//   node scripts/check-runtime.mjs            the Node.js and pnpm that install the project
//   node scripts/check-runtime.mjs --pinned   the project's own Node.js, which runs its scripts,
//                                             and the pnpm that starts them
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The oldest Node.js that installs the project (pnpm and the download of the pinned Node.js). */
export const MIN_INSTALL_NODE = 20;

/**
 * How to install pnpm globally without administrator rights. Not Corepack: the one that comes
 * with Node.js refuses pnpm 12 ("No compatible signature found in package metadata").
 */
const WITHOUT_SUDO =
  '; si pide permisos de administrador, no uses sudo: ejecuta antes ' +
  '«npm config set prefix ~/.npm-global» y añade ~/.npm-global/bin a tu PATH.';

/**
 * @param {string | undefined} version e.g. "v20.20.2", "12.18.0"
 * @returns {number | undefined} the major version
 */
export function majorOf(version) {
  const match = /^v?(\d+)\./.exec(version ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * What stops the project from installing or running, one Spanish sentence each (empty: all
 * good).
 * @param {{ nodeVersion: string, pnpmVersion: string | undefined, requiredPnpm: string,
 *   pinnedNode: string, pinned: boolean }} runtime
 * @returns {string[]}
 */
export function runtimeProblems({ nodeVersion, pnpmVersion, requiredPnpm, pinnedNode, pinned }) {
  const problems = [];
  const node = majorOf(nodeVersion);
  if (pinned) {
    if (node !== majorOf(`${pinnedNode}.`)) {
      problems.push(
        `Los scripts del proyecto se ejecutan con su propio Node.js ${pinnedNode}, pero se está usando Node.js ${nodeVersion}. ` +
          'Ejecuta antes «pnpm install» y lanza los scripts con pnpm (por ejemplo «pnpm start»), no con npm.',
      );
    }
  } else if (node === undefined || node < MIN_INSTALL_NODE) {
    problems.push(
      `Este proyecto necesita Node.js ${String(MIN_INSTALL_NODE)} o posterior para instalarse y tienes ${nodeVersion}. ` +
        'Instala una versión LTS desde https://nodejs.org (o con tu gestor de versiones) y vuelve a intentarlo.',
    );
  }
  if (pnpmVersion === undefined) {
    problems.push(`Falta pnpm. Instálalo con «npm install -g pnpm@${requiredPnpm}»${WITHOUT_SUDO}`);
  } else if (majorOf(pnpmVersion) !== majorOf(requiredPnpm)) {
    problems.push(
      `Este proyecto usa pnpm ${requiredPnpm} y tienes pnpm ${pnpmVersion}. ` +
        `Instala la versión correcta con «npm install -g pnpm@${requiredPnpm}»${WITHOUT_SUDO}`,
    );
  }
  return problems;
}

/** @returns {string | undefined} */
function installedPnpm() {
  const agent = /\bpnpm\/(\S+)/.exec(process.env.npm_config_user_agent ?? '');
  if (agent) return agent[1];
  try {
    return execFileSync('pnpm', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

function main() {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const requiredPnpm = String(manifest.packageManager ?? '').replace(/^pnpm@/, '');
  const pinnedNode = String(manifest.devDependencies?.node ?? '');
  const problems = runtimeProblems({
    nodeVersion: process.version,
    pnpmVersion: installedPnpm(),
    requiredPnpm,
    pinnedNode,
    pinned: process.argv.includes('--pinned'),
  });
  if (problems.length === 0) return;
  process.stderr.write(
    `\nNo se puede continuar:\n${problems.map((problem) => `  - ${problem}`).join('\n')}\n\n`,
  );
  process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
