#!/usr/bin/env node
// The `lens` command. It runs the TypeScript sources through tsx, so `npx lens …` works
// right after `npm ci` with no build step; the CLI is the same code the desktop app runs.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./lens-cli.ts');
process.exitCode = await main(process.argv);
