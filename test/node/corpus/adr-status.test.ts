import { describe, expect, it } from 'vitest';
import { normaliseAdrStatus, readStatusPhrase } from '../../../electron/corpus/adr-status';

describe('normaliseAdrStatus: the common vocabularies', () => {
  it.each([
    ['Accepted', 'accepted'],
    ['approved', 'accepted'],
    ['Adopted', 'accepted'],
    ['Proposed', 'proposed'],
    ['Draft', 'proposed'],
    ['RFC', 'proposed'],
    ['In review', 'proposed'],
    ['Under discussion', 'proposed'],
    ['Rejected', 'rejected'],
    ['Declined', 'rejected'],
    ['Deprecated', 'deprecated'],
    ['Retired', 'deprecated'],
    ['Superseded', 'superseded'],
    ['Replaced by [x](x.md)', 'superseded'],
    ['Obsolete', 'superseded'],
    ['Incomplete', 'pending'],
    ['On hold', 'pending'],
    ['Pending', 'pending'],
    ['Partly superseded', 'partly_superseded'],
    ['Superseded in part by [x](x.md)', 'partly_superseded'],
    ['Partially replaced by ADR-4', 'partly_superseded'],
    ['Amended', 'partly_superseded'],
  ])('maps %j to %j', (raw, status) => {
    expect(normaliseAdrStatus(raw)).toBe(status);
  });

  it.each([
    ['ACCEPTED', 'accepted'],
    ['accepted.', 'accepted'],
    ['✅ Accepted', 'accepted'],
    ['⌛️ Superseded by [3. Title](0003-title.md)', 'superseded'],
    ['❌ Rejected', 'rejected'],
    ['🤔 Proposed', 'proposed'],
    ['**Accepted**', 'accepted'],
    ['_Deprecated_', 'deprecated'],
    ['> Accepted', 'accepted'],
    ['Status: ✅ Accepted', 'accepted'],
    ['[Accepted]', 'accepted'],
  ])('strips leading emoji, symbols, emphasis and a Status label: %j → %j', (raw, status) => {
    expect(normaliseAdrStatus(raw)).toBe(status);
  });

  it.each([
    ['승인', 'accepted'],
    ['승인됨', 'accepted'],
    ['채택', 'accepted'],
    ['제안', 'proposed'],
    ['검토 중', 'proposed'],
    ['보류', 'pending'],
    ['거부', 'rejected'],
    ['폐기', 'deprecated'],
    ['대체됨', 'superseded'],
    ['일부 대체됨', 'partly_superseded'],
  ])('reads the Korean %j as %j', (raw, status) => {
    expect(normaliseAdrStatus(raw)).toBe(status);
  });

  it.each(['Exploratory', '🌀 Exploratory', 'Something else', '', '✅', '2021-01-01'])(
    'gives unknown for %j, which names no known state',
    (raw) => {
      expect(normaliseAdrStatus(raw)).toBe('unknown');
    },
  );

  it.each([
    'Supersedes [x](x.md)',
    'Amended by [x](x.md)',
    'Amends [x](x.md)',
    'Replaces ADR-4',
    'Refined by #5',
    'Status: Supersedes [x](x.md)',
  ])('gives null for %j, which states a supersession rather than a status', (raw) => {
    expect(normaliseAdrStatus(raw)).toBeNull();
  });
});

describe('readStatusPhrase', () => {
  it('returns what follows the status words, so a caller can tell a status line from prose', () => {
    expect(readStatusPhrase('⌛️ Superseded by [x](x.md)')).toEqual({ status: 'superseded', rest: ' by [x](x.md)' });
    expect(readStatusPhrase('On hold until March')).toEqual({ status: 'pending', rest: ' until March' });
    expect(readStatusPhrase('Accepted practice is to review')).toEqual({ status: 'accepted', rest: ' practice is to review' });
  });

  it('returns null for a text that starts with no status word', () => {
    expect(readStatusPhrase('We decided to use Kafka')).toBeNull();
  });
});
