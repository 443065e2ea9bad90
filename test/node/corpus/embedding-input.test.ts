import { describe, expect, it } from 'vitest';
import { chunkEmbeddingInput } from '../../../electron/corpus/embedding-input';

describe('chunkEmbeddingInput', () => {
  it('puts the document title and the headings the chunk sits under before its text', () => {
    expect(chunkEmbeddingInput('We will run it as three brokers.', ['1. Use Redpanda', 'Decision'], 'ADR-0001: Use Redpanda')).toBe(
      'ADR-0001: Use Redpanda > 1. Use Redpanda > Decision\n\nWe will run it as three brokers.',
    );
  });

  it('leaves the title out when a heading already says it, numbering aside', () => {
    expect(chunkEmbeddingInput('Body.', ['16. Internal DNS zones', 'Context'], 'internal dns zones')).toBe(
      '16. Internal DNS zones > Context\n\nBody.',
    );
  });

  it('keeps the title alone for text before any heading, and the text alone without title or headings', () => {
    expect(chunkEmbeddingInput('Intro.', [], 'Payments runbook')).toBe('Payments runbook\n\nIntro.');
    expect(chunkEmbeddingInput('Intro.', [], null)).toBe('Intro.');
    expect(chunkEmbeddingInput('Intro.', ['  ', ''], '   ')).toBe('Intro.');
  });
});
