import { describe, expect, it } from 'vitest';
import { Outcome } from '../../shared/context-contract';
import { elapsedParts, formatCount, isFailure, isStopped, shortTraceId } from '../../renderer/screens/traces/trace-format';
import { fileStamp, formatRunTime } from '../../renderer/app/time-format';
import { inSeoulTime } from './time-zone';

inSeoulTime();

describe('isFailure', () => {
  it('counts every outcome but ok, no_evidence and cancelled as a failure, so none is shown as "nothing found"', () => {
    expect(Outcome.options.filter((outcome) => !isFailure(outcome))).toEqual(['ok', 'no_evidence', 'cancelled']);
    expect(Outcome.options.filter(isFailure)).toEqual([
      'timeout',
      'unavailable',
      'invalid_request',
      'invalid_response',
      'acl_violation',
      'unsupported_filter',
    ]);
  });
});

describe('isStopped', () => {
  it('sets cancelled apart, as neither an answer nor a failure', () => {
    expect(Outcome.options.filter(isStopped)).toEqual(['cancelled']);
  });
});

describe('formatRunTime', () => {
  it("writes a run's instant as local yyyy-mm-dd hh:mm:ss, zero-padded", () => {
    expect(formatRunTime('2026-07-01T05:03:09Z')).toBe('2026-07-01 14:03:09');
    expect(formatRunTime('2026-12-31T20:00:00.500Z')).toBe('2027-01-01 05:00:00');
  });

  it('shows a value that is not a time as it is', () => {
    expect(formatRunTime('not a time')).toBe('not a time');
  });
});

describe('formatCount', () => {
  it('groups digits as the UI language does', () => {
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
    expect(formatCount(1234567, 'de')).toBe('1.234.567');
    expect(formatCount(1234.6, 'en')).toBe('1,235');
  });
});

describe('elapsedParts', () => {
  it('gives whole milliseconds below one second', () => {
    expect(elapsedParts(0, 'en')).toEqual({ key: 'elapsed_ms', value: '0' });
    expect(elapsedParts(998.7, 'en')).toEqual({ key: 'elapsed_ms', value: '999' });
  });

  it('gives seconds with two decimals from one second on', () => {
    expect(elapsedParts(1000, 'en')).toEqual({ key: 'elapsed_s', value: '1.00' });
    expect(elapsedParts(12345, 'de')).toEqual({ key: 'elapsed_s', value: '12,35' });
  });
});

describe('shortTraceId', () => {
  it('keeps an id of up to ten characters whole', () => {
    expect(shortTraceId('0123456789')).toBe('0123456789');
  });

  it('cuts a longer id to its first eight characters and an ellipsis', () => {
    expect(shortTraceId('0123456789a')).toBe('01234567…');
  });
});

describe('fileStamp', () => {
  it('writes the local time as yyyymmdd-hhmmss', () => {
    expect(fileStamp(new Date('2026-07-01T05:03:09Z'))).toBe('20260701-140309');
  });
});
