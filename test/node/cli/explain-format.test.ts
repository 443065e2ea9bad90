import { describe, expect, it } from 'vitest';
import type { WhyNotAnswer } from '../../../shared/why-not';
import { formatWhyNot } from '../../../electron/cli/commands/explain-command';
import { terminalControlsIn } from '../../support/terminal-controls';

const hostile = '\u001b]0;pwned\u0007 \u001b[2J \u202e \r';

/** An answer as traces.explain gives it: a document hidden from the principal, whose fields carry graph text. */
function answer(text: string): WhyNotAnswer {
  return {
    trace_id: 'tr-000001-7f3c9a',
    principal_id: 'u-sora',
    query: `salary ${text}`,
    mode: 'hybrid',
    outcome: 'ok',
    target: { kind: 'document', id: 'policy-hr-salary-adjustment' },
    document_id: 'policy-hr-salary-adjustment',
    title: `Salary ${text}`,
    chunks_total: 9,
    findings: [
      {
        chunk_ids: Array.from({ length: 8 }, (_, index) => `policy-hr-salary-adjustment#${index}`),
        verdict: {
          kind: 'not_visible',
          access: {
            node: 'document',
            reason: 'not_shared',
            rule: 'document.any_of visibility, owner_id, allowed_groups',
            failed: [
              {
                path: 'document.any_of[2]',
                code: 'groups_failed',
                params: { property: 'allowed_groups', field: 'groups', found: `g-hr ${text}`, expected: 'g-eng-all' },
              },
            ],
          },
        },
      },
    ],
    rerun_depth: null,
    read_at: '2026-12-01T10:00:00.000Z',
  };
}

describe('lens explain output for a person', () => {
  it('words each finding in English with its failed clauses, and counts the chunks it did not explain', () => {
    const text = formatWhyNot(answer('x'));
    expect(text).toContain('Document policy-hr-salary-adjustment "Salary x": 9 chunks (the first 8 explained)');
    expect(text).toContain('policy-hr-salary-adjustment#5 and 2 more:');
    expect(text).toContain(
      '  Not visible to u-sora: its document fails the access rule (not shared with the principal; rule document.any_of visibility, owner_id, allowed_groups).',
    );
    expect(text).toContain('    - shares no group with the principal (allowed_groups: g-hr x)  [document.any_of[2]]');
  });

  it('escapes terminal controls that graph and store text carries', () => {
    const text = formatWhyNot(answer(hostile));
    expect(terminalControlsIn(text)).toEqual([]);
    expect(text).toContain('\\x1b');
  });
});
