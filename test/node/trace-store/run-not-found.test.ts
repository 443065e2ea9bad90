import { describe, expect, it } from 'vitest';
import { runNotFound } from '../../../electron/trace-store/store-errors';

describe('the error for a trace id the store does not hold', () => {
  it('is not_found, names the id, and points a command-line reader to lens traces list by default', () => {
    const error = runNotFound('tr-nope');
    expect(error.kind).toBe('not_found');
    expect(error.message).toBe('no run with trace id tr-nope; `lens traces list` shows the ids');
  });

  it('points a reader of the app or browser mode to the Traces screen', () => {
    const error = runNotFound('tr-nope', 'screen');
    expect(error.kind).toBe('not_found');
    expect(error.message).toBe('There is no run with trace id tr-nope.');
    expect(error.hint).toBe('The Traces screen lists the runs that are kept.');
  });
});
