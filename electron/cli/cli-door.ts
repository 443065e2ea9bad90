// The CLI's door onto the API: a command calls operations through the same dispatch as IPC and
// HTTP (same input limits, same schemas in and out), and gets each value or a LensError to report.
import type { JobStatus, OperationInput, OperationName, OperationOutput } from '../../shared/api/lens-api';
import { codedError } from '../../shared/coded-error';
import { storeError } from '../../shared/errors/store-error-messages';
import { LensError } from '../../shared/lens-error';
import type { ProgressSink } from '../../shared/progress-event';
import { dispatch, type LensHandlers } from '../api/api-dispatch';
import { createLensHandlers } from '../api/lens-handlers';
import { ServiceHub } from '../services/service-hub';
import { appVersion } from '../app-home';
import { warnIfStoreDamaged } from './cli-output';

/** The input fields that name a stored run by its trace id. */
const TRACE_ID_FIELDS = ['trace_id', 'trace_a', 'trace_b'] as const;

/** How often `lens start` asks a running job how far it is. */
const JOB_POLL_MS = 100;

/** What a command may ask of its door. */
export interface CliDoorOptions {
  /** Warn on stderr when the trace store opens damaged (the `lens traces` commands read it, so they say so first). */
  readonly warnIfStoreDamaged?: boolean;
}

/**
 * Where the events not shown yet start in a job's event list, given the list shown last time. A job
 * keeps only its latest events, so the last one shown sits at its old place or, once older ones were
 * dropped, further up.
 */
function firstUnshown(shown: readonly string[], keys: readonly string[]): number {
  const last = shown.at(-1);
  if (last === undefined) return 0;
  for (let index = Math.min(shown.length, keys.length) - 1; index >= 0; index--) if (keys[index] === last) return index + 1;
  return 0;
}

/** One command's door: one service hub and handler table for all the calls the command makes. */
export class CliDoor {
  private readonly hub: ServiceHub;
  private readonly handlers: LensHandlers;

  constructor(env: NodeJS.ProcessEnv = process.env, options: CliDoorOptions = {}) {
    this.hub = new ServiceHub(env, undefined, options.warnIfStoreDamaged ? warnIfStoreDamaged : undefined);
    this.handlers = createLensHandlers(this.hub, 'cli', appVersion());
  }

  /** Calls one operation; a failure is thrown as the LensError it was. A trace id may be given by its beginning (see `wholeTraceIds`). */
  async call<K extends OperationName>(name: K, input: OperationInput<K>): Promise<OperationOutput<K>> {
    // `query.cancel` names a run still running, not a kept one: its id is given whole, as the run was given it.
    const envelope = await dispatch(this.handlers, name, name === 'query.cancel' ? input : this.wholeTraceIds(input));
    if (envelope.ok) return envelope.value as OperationOutput<K>;
    // The LensError as it was thrown behind the door, its codes included.
    throw LensError.fromData(envelope.error);
  }

  /**
   * The input with each trace id a person typed (`trace_id`, `trace_a`, `trace_b`, `trace_ids`) made whole from its
   * first characters, as `git` takes a commit's (TraceStore.resolveTraceId). Only the CLI's door does
   * this: the app's screens always send whole ids, and a program calling the API should too.
   */
  private wholeTraceIds<T>(input: T): T {
    if (input === null || typeof input !== 'object') return input;
    const given = input as Record<string, unknown>;
    const fields = TRACE_ID_FIELDS.filter((field) => typeof given[field] === 'string');
    const lists = Array.isArray(given.trace_ids) && given.trace_ids.every((id) => typeof id === 'string');
    if (fields.length === 0 && !lists) return input;
    const store = this.hub.store();
    const whole = { ...given };
    for (const field of fields) whole[field] = store.resolveTraceId(given[field] as string);
    if (lists) whole.trace_ids = (given.trace_ids as string[]).map((id) => store.resolveTraceId(id));
    return whole as T;
  }

  /**
   * Polls a job (`jobs.get`) until it is done, handing each new progress event to `progress`; returns
   * its final state, or throws the job's error when it failed.
   */
  async waitForJob(jobId: string, progress: ProgressSink): Promise<JobStatus> {
    let shown: string[] = [];
    for (;;) {
      const status = await this.call('jobs.get', { job_id: jobId });
      const keys = status.events.map((event) => JSON.stringify(event));
      status.events.slice(firstUnshown(shown, keys)).forEach(progress);
      shown = keys;
      if (status.state === 'failed' || status.state === 'cancelled')
        throw status.error ? LensError.fromData(status.error) : codedError('internal', storeError('job_failed_silently', { job: jobId }));
      if (status.state === 'done') return status;
      await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
    }
  }

  /** Closes the services the calls opened. */
  close(): Promise<void> {
    return this.hub.close();
  }
}

/** Runs `work` with a door for the environment `env`, and closes it afterwards. */
export async function withCliDoor<T>(
  work: (door: CliDoor) => Promise<T>,
  options: CliDoorOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<T> {
  const door = new CliDoor(env, options);
  try {
    return await work(door);
  } finally {
    await door.close();
  }
}

/** Calls one operation with the services of `env`, closing them afterwards; a failure is thrown as the LensError it was. */
export function callOperation<K extends OperationName>(
  name: K,
  input: OperationInput<K>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<OperationOutput<K>> {
  return withCliDoor((door) => door.call(name, input), {}, env);
}
