import { describe, expect, it } from 'vitest';
import {
  DECISION_STATES,
  FRESHNESS_MESSAGE_CODES,
  FRESHNESS_MESSAGES,
  FRESHNESS_STATES,
  wordDecision,
  wordFreshness,
  wordFreshnessState,
} from '../../shared/freshness-messages';
import { Freshness } from '../../shared/context-contract';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('freshness messages', () => {
  it('has every code and decision word in English and Korean, with the same placeholders', () => {
    const keys = [
      ...FRESHNESS_MESSAGE_CODES,
      ...DECISION_STATES.map((state) => `decision_${state}` as const),
      ...FRESHNESS_STATES.map((state) => `state_${state}` as const),
    ].sort();
    expect(Object.keys(FRESHNESS_MESSAGES.en).sort()).toEqual(keys);
    expect(Object.keys(FRESHNESS_MESSAGES.ko).sort()).toEqual(keys);
    for (const code of FRESHNESS_MESSAGE_CODES) {
      expect(FRESHNESS_MESSAGES.ko[code], code).not.toBe(FRESHNESS_MESSAGES.en[code]);
      expect(placeholders(FRESHNESS_MESSAGES.ko[code]), code).toEqual(placeholders(FRESHNESS_MESSAGES.en[code]));
    }
  });

  it('words a code with its parameters in either language', () => {
    const params = { successor: 'adr-007-event-bus-redpanda' };
    expect(wordFreshness('superseded_by', params)).toBe('superseded by adr-007-event-bus-redpanda');
    expect(wordFreshness('superseded_by', params, 'ko')).toBe('adr-007-event-bus-redpanda(으)로 대체됨');
  });

  it('words a decision state for its badge', () => {
    expect(wordDecision('rejected')).toBe('rejected');
    expect(wordDecision('rejected', 'ko')).toBe('거부됨');
  });

  it('words a freshness state where a sentence names one', () => {
    expect(wordFreshnessState('stale')).toBe('stale');
    expect(wordFreshnessState('stale', 'ko')).toBe('오래됨');
  });

  it('still reads a freshness recorded before codes and decisions existed', () => {
    expect(Freshness.parse({ state: 'current', reason: 'valid, not superseded' })).toEqual({
      state: 'current',
      reason: 'valid, not superseded',
    });
  });
});
