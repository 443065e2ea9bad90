#!/usr/bin/env node
// The `lens` command: the bundled CLI, or the TypeScript sources when the bundle is missing or stale
// (cli-launch.mjs). Either way it is the same code the desktop app runs.
import { launch } from './cli-launch.mjs';

process.exitCode = (await launch({ argv: process.argv })).exitCode;
