import { z } from 'zod';
import { CoreMessageSchema } from './core-message';

/** A step of a long operation (resolving Neo4j, starting it, loading the demo), for a CLI line or a UI bar. */
export const ProgressEvent = z.object({
  phase: z.string(),
  /** The step in English, as the CLI prints it. */
  message: z.string(),
  /**
   * The same step as a message code with parameters (shared/progress-messages.ts), for a screen to
   * word in its language; absent from an event of a build before codes (the screen shows `message`).
   */
  said: CoreMessageSchema.optional(),
  /** 0..1 when the total is known; absent when it is not (Maven does not announce its total). */
  fraction: z.number().min(0).max(1).optional(),
});
export type ProgressEvent = z.infer<typeof ProgressEvent>;

/** Receives progress; implementations must be cheap, they are called often. */
export type ProgressSink = (event: ProgressEvent) => void;

/** A sink that drops everything, for callers that do not show progress. */
export const silentProgress: ProgressSink = () => undefined;
