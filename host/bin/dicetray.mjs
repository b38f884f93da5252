#!/usr/bin/env node
// The `dicetray` command. Runs the TypeScript sources through tsx, so there is no build step.
// Before `npm ci`, or on an old Node, it says so instead of a stack trace (install-error.mjs).
import { installError, installHint, missingPackage, nodeTooOld } from './install-error.mjs';

const old = nodeTooOld();
let main = null;
if (old) process.exitCode = installError(old, 'install Node 20.19 or newer (https://nodejs.org, or your system\'s package of a newer Node), then run `npm ci` again');
else {
  try {
    const { register } = await import('tsx/esm/api');
    register();
    ({ main } = await import('../src/main.ts'));
  } catch (e) {
    const name = missingPackage(e);
    if (!name) throw e;
    process.exitCode = installError(`the package ${name} is not installed`, installHint());
  }
}
if (main) process.exitCode = await main(process.argv.slice(2));
// The command has finished. A handle a library left open (EspruinoTools' socket to an endpoint
// that took the connection and never answered) must not keep the process, and whoever waits for
// it, running for ever: it ends by itself, and 3 s later at the latest.
setTimeout(() => process.exit(), 3000).unref();
