import { describe, expect, it } from 'vitest';
import { RunningQueries } from '../../../electron/api/running-queries';
import { LensError } from '../../../shared/lens-error';
import { rejectionOf } from '../../support/lens-error-of';

/** A run that ends when its signal aborts (answering 'cancelled') or when `finish` is called ('done'). */
function controllableRun() {
  let finish: () => void = () => undefined;
  const work = (signal: AbortSignal) =>
    new Promise<string>((resolve) => {
      finish = () => resolve('done');
      signal.addEventListener('abort', () => resolve('cancelled'), { once: true });
    });
  return { work, finish: () => finish() };
}

describe('the registry of running query.run calls', () => {
  it('cancels a running run by its trace id: the run sees its signal abort, and the answer is cancelled', async () => {
    const running = new RunningQueries();
    const run = controllableRun();
    const result = running.track('t-1', run.work, (outcome) => outcome === 'cancelled');
    expect(await running.cancel('t-1', () => false)).toEqual({ trace_id: 't-1', status: 'cancelled' });
    expect(await result).toBe('cancelled');
  });

  it('answers finished, not cancelled, when the run was past its last check and ended with its own outcome', async () => {
    const running = new RunningQueries();
    const pastLastStage = (signal: AbortSignal) => Promise.resolve(signal.aborted ? 'cancelled' : 'done');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The run has decided its outcome ('done') before the cancel; it ends only once released.
    const result = running.track(
      't-late',
      (signal) => pastLastStage(signal).then(async (outcome) => (await gate, outcome)),
      (outcome) => outcome === 'cancelled',
    );
    const answer = running.cancel('t-late', () => false);
    release();
    expect(await answer).toEqual({ trace_id: 't-late', status: 'finished' });
    expect(await result).toBe('done');
  });

  it('answers cancelled when the run ends in a cancelled error rather than a cancelled outcome', async () => {
    const running = new RunningQueries();
    const result = running.track(
      't-err',
      (signal) =>
        new Promise<string>((_, reject) =>
          signal.addEventListener('abort', () => reject(new LensError('cancelled', 'stopped')), { once: true }),
        ),
    );
    expect(await running.cancel('t-err', () => false)).toEqual({ trace_id: 't-err', status: 'cancelled' });
    expect((await rejectionOf(result)).kind).toBe('cancelled');
  });

  it('says finished for a run that is over and recorded, and unknown for a trace id no run had', async () => {
    const running = new RunningQueries();
    const run = controllableRun();
    const result = running.track('t-2', run.work);
    run.finish();
    expect(await result).toBe('done');
    const recorded = new Set(['t-2']);
    expect(await running.cancel('t-2', (id) => recorded.has(id))).toEqual({ trace_id: 't-2', status: 'finished' });
    expect(await running.cancel('t-3', (id) => recorded.has(id))).toEqual({ trace_id: 't-3', status: 'unknown' });
  });

  it('refuses a second run under a trace id that is running now, as a conflict', async () => {
    const running = new RunningQueries();
    const first = controllableRun();
    const result = running.track('t-4', first.work);
    const error = await rejectionOf(running.track('t-4', controllableRun().work));
    expect(error.kind).toBe('conflict');
    first.finish();
    expect(await result).toBe('done');
  });

  it('runs a request without a trace id, which nothing can name to cancel', async () => {
    const running = new RunningQueries();
    const run = controllableRun();
    const result = running.track(null, run.work);
    run.finish();
    expect(await result).toBe('done');
  });
});
