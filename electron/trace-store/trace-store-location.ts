import path from 'node:path';
import { lensHome } from '../app-home';

/** The trace store's file name inside the app data folder. */
export const TRACE_STORE_FILE = 'traces.sqlite';

/** Where the trace store lives: `<LENS_HOME>/traces.sqlite`. */
export function traceStorePath(home: string = lensHome()): string {
  return path.join(home, TRACE_STORE_FILE);
}
