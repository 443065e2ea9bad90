import { describe, expect, it } from 'vitest';
import { Deadline } from '../../../shared/deadline';
import { retrievalError } from '../../../shared/errors/retrieval-error-messages';
import { raceDeadline } from '../../../electron/graph/read-deadline';
import { requestCancellation } from '../../../electron/graph/request-cancellation';
import { callModel } from '../../../electron/llm/openai-client';
import { callProvider } from '../../../electron/provider/provider-client';
import { rejectionOf } from '../../support/lens-error-of';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const never = () => new Promise<never>(() => undefined);

describe('a cancellable deadline', () => {
  it('keeps its signal in every stage budget, so a stage sees the request cancelled', () => {
    const controller = new AbortController();
    const deadline = Deadline.after(10_000, Date.now, controller.signal);
    const stage = deadline.stage(0.5).stage(0.5);
    expect(stage.cancelled()).toBe(false);
    controller.abort();
    expect(stage.cancelled()).toBe(true);
    expect(Deadline.after(10_000).cancelled()).toBe(false);
  });

  it('ends a read at once when cancelled, as cancelled naming the stage, and asks for the server transaction to be ended', async () => {
    const controller = new AbortController();
    let terminated = 0;
    const reading = raceDeadline(Deadline.after(60_000, Date.now, controller.signal), 'vector_search', never(), () => terminated++);
    const started = Date.now();
    controller.abort();
    const error = await rejectionOf(reading);
    expect({ kind: error.kind, detail: error.detail, terminated }).toEqual({ kind: 'cancelled', detail: 'vector_search', terminated: 1 });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('answers timeout for a read that resolves only after its deadline because the event loop was busy (decoding a huge result)', async () => {
    let terminated = 0;
    const deadline = Deadline.after(30);
    // The work finishes in one long synchronous stretch past the deadline: no timer fires meanwhile, so it wins the race late.
    const busyThenDone = Promise.resolve().then(() => {
      const until = Date.now() + 30 + 100 + 60;
      while (Date.now() < until) {
        // busy, as packstream decoding of a ten-million-element list is
      }
      return 'rows';
    });
    const error = await rejectionOf(raceDeadline(deadline, 'text2cypher', busyThenDone, () => terminated++));
    expect({ kind: error.kind, terminated }).toEqual({ kind: 'timeout', terminated: 1 });
    // Within the deadline the answer is the work's.
    await expect(raceDeadline(Deadline.after(5_000), 'vector', Promise.resolve('rows'), () => terminated++)).resolves.toBe('rows');
  });

  it('aborts a model call through the signal the SDK gets, as cancelled (not timeout)', async () => {
    const controller = new AbortController();
    let sdkSignal: AbortSignal | null = null;
    const calling = callModel(
      retrievalError('call_embed_text', { embedder: 'openai:m' }),
      Deadline.after(60_000, Date.now, controller.signal),
      ({ signal }) => {
        sdkSignal = signal;
        return new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
      },
    );
    controller.abort();
    const error = await rejectionOf(calling);
    expect(error.kind).toBe('cancelled');
    expect((sdkSignal as AbortSignal | null)?.aborted).toBe(true);
  });

  it('aborts a provider call in flight, as cancelled, and the endpoint sees the connection closed', async () => {
    let closed = false;
    let arrived: () => void = () => undefined;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const server = http.createServer((request) => {
      arrived();
      request.socket.on('close', () => (closed = true));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/context`;
      const controller = new AbortController();
      const calling = callProvider({ url }, { query: 'x' }, Deadline.after(60_000, Date.now, controller.signal));
      await arrival;
      controller.abort();
      const error = await rejectionOf(calling);
      expect(error.kind).toBe('cancelled');
      await expect.poll(() => closed).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("a request's cancellation signal", () => {
  /** Warnings Node emits while `work` runs and one turn after it. */
  async function warningsDuring(work: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const onWarning = (warning: Error) => seen.push(warning.name);
    process.on('warning', onWarning);
    try {
      await work();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    return seen;
  }

  /** Sixteen reads listening to one signal at once (the warm-up's runs on an empty graph had as many), then all cancelled. */
  const sixteenReadsOn = (controller: AbortController) => async () => {
    const deadline = Deadline.after(60_000, Date.now, controller.signal);
    const reads = Array.from({ length: 16 }, () => raceDeadline(deadline, 'principal', never(), () => undefined).catch(() => 'ended'));
    controller.abort();
    return Promise.all(reads);
  };

  it('carries sixteen reads side by side without Node warning of a listener leak', async () => {
    expect(await warningsDuring(sixteenReadsOn(requestCancellation()))).not.toContain('MaxListenersExceededWarning');
  });

  it('keeps no listener once every read has ended', async () => {
    const controller = requestCancellation();
    const added: Array<() => void> = [];
    const removed: Array<() => void> = [];
    const signal = controller.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((type: string, listener: () => void, options?: AddEventListenerOptions) => {
      added.push(listener);
      add(type, listener, options);
    }) as typeof signal.addEventListener;
    signal.removeEventListener = ((type: string, listener: () => void) => {
      removed.push(listener);
      remove(type, listener);
    }) as typeof signal.removeEventListener;
    const deadline = Deadline.after(60_000, Date.now, signal);
    await Promise.all(Array.from({ length: 16 }, (_, i) => raceDeadline(deadline, 'principal', Promise.resolve(i), () => undefined)));
    expect(added).toHaveLength(16);
    expect(new Set(removed)).toEqual(new Set(added));
  });
});
