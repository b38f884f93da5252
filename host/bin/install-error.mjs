// What `dicetray` says when it cannot start at all: plain JavaScript, as it runs before tsx (which
// runs the TypeScript) is known to be there. The shape of every other failure (host/src/errors.ts):
// `dicetray: …` and a hint on stderr, and with --json the same as JSON on stdout.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Exit code 8 (README, exit codes): the installation cannot run dicetray. */
export const EXIT_INSTALL = 8;

/** The repository's folder, where `npm ci` installs what dicetray needs. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Node older than `engines` in package.json (20.19: vite's floor, tsx's ESM hooks): the reason, or ''. */
export function nodeTooOld(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return major > 20 || (major === 20 && minor >= 19) ? '' : `Node ${version} is too old for dicetray (it needs 20.19 or newer)`;
}

/** A package the command needs is missing (ERR_MODULE_NOT_FOUND for a bare name): its name, else ''. */
export function missingPackage(e) {
  if (!e || e.code !== 'ERR_MODULE_NOT_FOUND') return '';
  const m = /Cannot find package '([^']+)'/.exec(String(e.message));
  return m ? m[1] : '';
}

/** Says why dicetray cannot start, as every dicetray error does, and returns the exit code. */
export function installError(message, hint, argv = process.argv.slice(2)) {
  process.stderr.write(`dicetray: ${message}\nhint: ${hint}\n`);
  if (argv.includes('--json')) process.stdout.write(JSON.stringify({ ok: false, error: { code: 'install', message, hint, exit: EXIT_INSTALL } }) + '\n');
  return EXIT_INSTALL;
}

/** The hint for a missing package: install in the repository's folder. */
export function installHint() {
  return `run \`npm ci\` in ${ROOT} (it installs the packages in package-lock.json), then try again`;
}
