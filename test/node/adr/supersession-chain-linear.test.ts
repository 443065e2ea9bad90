// An ADR the graph lists with many successors (an index record every later one "supersedes", a
// migration that linked one record to each of its replacements) is judged for a successor loop with
// work linear in those links: the links out of one record were copied whole on each add. Counted, not
// timed (array-iterator steps, test/support/array-steps.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { shortestChain, supersessionLinks } from '../../../electron/adr/supersession-chain';
import { arraySteps, restoreArrayIterator } from '../../support/array-steps';

/** `hub` superseded by `count` records, the last of which is superseded by `marked`: a loop back through the hub. */
function linksWith(count: number) {
  const successors = Array.from({ length: count }, (_, index) => ({ document_id: `adr-${index}` }));
  const adrs = [
    { document_id: 'hub', superseded_by: successors },
    { document_id: `adr-${count - 1}`, superseded_by: [{ document_id: 'marked' }] },
  ];
  return () => supersessionLinks({ documentId: 'marked', successorId: 'hub', successorProperty: null, adrs, marks: [] });
}

describe('the successor-loop check of an ADR with many successors', () => {
  afterEach(restoreArrayIterator);

  it('builds its links with work linear in them: four times the successors, about four times the steps', () => {
    const once = arraySteps(() => void linksWith(1000)());
    const four = arraySteps(() => void linksWith(4000)());
    expect(linksWith(4000)().graph.get('hub')).toHaveLength(4000);
    // Linear work grows 4×; a list copied on every add grows toward 16×.
    expect(four / once).toBeLessThan(5);
  });

  it('still finds the loop through the last of them, step by step', () => {
    const chain = shortestChain(linksWith(4000)(), 'hub', 'marked', ['graph']);
    expect(chain?.map((step) => `${step.from}→${step.to}`)).toEqual(['hub→adr-3999', 'adr-3999→marked']);
  });
});
