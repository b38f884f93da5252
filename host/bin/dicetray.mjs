#!/usr/bin/env node
// The `dicetray` command. Runs the TypeScript sources through tsx, so there is no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
// The command has finished. A handle a library left open (EspruinoTools' socket to an endpoint
// that took the connection and never answered) must not keep the process, and whoever waits for
// it, running for ever: it ends by itself, and 3 s later at the latest.
setTimeout(() => process.exit(), 3000).unref();
