#!/usr/bin/env node
// The `lens` command: the bundled CLI, or the TypeScript sources when the bundle is missing or stale
// (cli-launch.mjs). Either way it is the same code the desktop app runs.
import { setTimeout } from 'node:timers';
import { launch } from './cli-launch.mjs';

/**
 * How long a finished command may wait for the event loop to empty. A connection the driver could
 * not close (a server that accepted it and never answered) keeps the process alive after the answer
 * was printed; a CI job would hang until its own timeout. Output to a pipe or file is written
 * synchronously here, so nothing printed is lost.
 */
const EXIT_GRACE_MS = 3_000;

const { exitCode } = await launch({ argv: process.argv });
process.exitCode = exitCode;
setTimeout(() => process.exit(exitCode), EXIT_GRACE_MS).unref();
