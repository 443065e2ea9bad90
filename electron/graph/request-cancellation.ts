import { setMaxListeners } from 'node:events';

/**
 * The most reads one request's cancellation signal has listening at once without Node warning of a
 * leak. Each read listens until it ends (read-deadline.ts removes its listener), but a request's
 * reads run side by side, and a run that ends early leaves its state read going until the server
 * answers: the warm-up's fifteen runs on an empty graph had sixteen listening, and Node's default of
 * ten printed "MaxListenersExceededWarning: Possible EventTarget memory leak" at `lens neo4j start`.
 */
export const READS_LISTENING_AT_ONCE = 256;

/** A controller for one request, warm-up or job whose signal every read it makes listens to. */
export function requestCancellation(): AbortController {
  const controller = new AbortController();
  setMaxListeners(READS_LISTENING_AT_ONCE, controller.signal);
  return controller;
}
