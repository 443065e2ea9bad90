import { describe, expect, it } from 'vitest';
import { nearMatches, resolveAdrReference, unknownAdr } from '../../../electron/adr/adr-reference';
import { errorOf } from '../../support/lens-error-of';

const ADRS = [
  { document_id: 'adr-003-event-bus-kafka', adr_id: 'ADR-003' },
  { document_id: 'adr-007-event-bus-redpanda', adr_id: 'ADR-007' },
  { document_id: '0012-use-terraform', adr_id: 'ADR-0012' },
  { document_id: 'decision-log', adr_id: null },
];

describe('resolveAdrReference', () => {
  it('takes an exact document id', () => {
    expect(resolveAdrReference('adr-007-event-bus-redpanda', ADRS)).toBe('adr-007-event-bus-redpanda');
  });

  it('takes an ADR id regardless of case', () => {
    expect(resolveAdrReference('adr-003', ADRS)).toBe('adr-003-event-bus-kafka');
  });

  it.each(['7', '007', '#7', 'ADR 7', 'adr-0007', 'ADR_7'])('takes the ADR number written as %s', (reference) => {
    expect(resolveAdrReference(reference, ADRS)).toBe('adr-007-event-bus-redpanda');
  });

  it('takes a document id known only from the mark history (the graph may have dropped it)', () => {
    expect(resolveAdrReference('runbook-old', ADRS, ['runbook-old'])).toBe('runbook-old');
  });

  it('answers null for a name it does not know, so the caller can look for a plain document', () => {
    expect(resolveAdrReference('99', ADRS)).toBeNull();
    expect(resolveAdrReference('kafka', ADRS)).toBeNull();
  });

  it('refuses a number that names two ADRs, listing both', () => {
    const twice = [...ADRS, { document_id: 'other-003', adr_id: 'ADR-3' }];
    expect(errorOf(() => resolveAdrReference('3', twice))).toMatchObject({
      kind: 'invalid_input',
      message: '"3" names more than one ADR: ADR-003 (adr-003-event-bus-kafka), ADR-3 (other-003).',
    });
  });
});

describe('unknown ADR references', () => {
  it('lists the names that contain the reference or are a few edits from it, closest first', () => {
    expect(nearMatches('kafka', ADRS)).toEqual(['ADR-003 (adr-003-event-bus-kafka)']);
    expect(nearMatches('ADR-0O7', ADRS)).toEqual(['ADR-007 (adr-007-event-bus-redpanda)']);
    expect(nearMatches('event-bus', ADRS)).toEqual(['ADR-003 (adr-003-event-bus-kafka)', 'ADR-007 (adr-007-event-bus-redpanda)']);
  });

  it('says it is not found, naming the record a typo was meant for', () => {
    const error = unknownAdr('event-bus-kafak', ADRS);
    expect(error.kind).toBe('not_found');
    expect(error.message).toBe('There is no ADR or document "event-bus-kafak" in the graph.');
    expect(error.hint).toBe('Did you mean ADR-003 (adr-003-event-bus-kafka)? `lens adr list` lists every ADR.');
    expect(error.said).toEqual({ code: 'error_retrieval:adr_unknown', params: { reference: 'event-bus-kafak' } });
    expect(error.hintSaid).toEqual({
      code: 'error_retrieval:adr_unknown_near_hint',
      params: { names: 'ADR-003 (adr-003-event-bus-kafka)' },
    });
  });

  it('points to the list when nothing is near', () => {
    expect(unknownAdr('zzzzzzzzzz', ADRS).hint).toBe('`lens adr list` lists every ADR with its document id and ADR id.');
  });
});
