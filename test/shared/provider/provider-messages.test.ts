import { describe, expect, it } from 'vitest';
import { wordAccessMessage } from '../../../shared/acl/access-messages';
import { wordCore } from '../../../shared/core-catalogues';
import { ProviderViolationKind, type ProviderViolation } from '../../../shared/provider/provider-audit';
import {
  PROVIDER_MESSAGE_CODES,
  PROVIDER_MESSAGES,
  PROVIDER_PART_CODES,
  providerCoreMessage,
  providerFailureMessage,
  providerViolationMessage,
  wordProviderMessage,
} from '../../../shared/provider/provider-messages';

const AT = { rank: 2, document_id: 'policy-hr-salary-adjustment', chunk_id: 'c-17' };
const words = (violation: ProviderViolation, language: 'en' | 'ko' = 'en') =>
  wordProviderMessage(providerViolationMessage(violation, 'u-guest'), language);

describe('provider audit messages: each violation and failed call in words', () => {
  it('has every code in both languages, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    const codes = [...PROVIDER_MESSAGE_CODES, ...PROVIDER_PART_CODES];
    for (const code of codes) expect(placeholders(PROVIDER_MESSAGES.ko[code]), code).toEqual(placeholders(PROVIDER_MESSAGES.en[code]));
    expect(Object.keys(PROVIDER_MESSAGES.en).sort()).toEqual([...codes].sort());
    expect(Object.keys(PROVIDER_MESSAGES.ko).sort()).toEqual([...codes].sort());
  });

  it('has a sentence for every violation kind, leaving no placeholder unfilled', () => {
    const evidence = {
      node: { label: 'Chunk', id: 'c-17' },
      to: { label: 'Document', id: 'd' },
      claimed: 'x',
      found: 'y',
      reason: 'r',
      limit: 5,
      counted: 9,
      break: 'link_missing' as const,
    };
    for (const kind of ProviderViolationKind.options) {
      for (const language of ['en', 'ko'] as const) {
        const text = words({ kind, item: kind.startsWith('over_') ? null : AT, evidence }, language);
        expect(text, `${kind} ${language}`).not.toMatch(/\{\{|\}\}/);
        expect(text.length, kind).toBeGreaterThan(10);
      }
    }
  });

  it('words an access violation with the node, the document that decided it and the failed clauses', () => {
    const message = providerViolationMessage(
      {
        kind: 'access_denied',
        item: AT,
        evidence: {
          node: { label: 'Chunk', id: 'c-17' },
          access: {
            state: 'denied',
            node: { label: 'Chunk', id: 'c-17' },
            via: { label: 'Document', id: 'policy-hr-salary-adjustment' },
            reason: 'not_shared',
            rule: 'document.any_of',
            failed: [
              {
                path: 'document.any_of[2]',
                op: 'intersects_principal',
                property: 'allowed_groups',
                principal_field: 'groups',
                values: ['g-hr'],
                expected: [],
                holds: false,
              },
            ],
          },
        },
      },
      'u-guest',
    );
    expect(wordProviderMessage(message)).toBe(
      'Item #2: u-guest may not see Chunk c-17, because of Document policy-hr-salary-adjustment (not shared with the principal; rule document.any_of).',
    );
    expect(message.clauses?.map((clause) => wordAccessMessage(clause))).toEqual([
      'shares no group with the principal (allowed_groups: g-hr)',
    ]);
  });

  /** An access violation of Chunk c-17 for `reason`, decided at the chunk. */
  const denied = (reason: string): ProviderViolation => ({
    kind: 'access_denied',
    item: AT,
    evidence: {
      node: { label: 'Chunk', id: 'c-17' },
      access: { state: 'denied', node: { label: 'Chunk', id: 'c-17' }, reason, rule: 'chunk.partition', failed: [] },
    },
  });

  it('words the denial reason from the access_reason catalogue, in English and Korean, never the policy’s code inside the sentence', () => {
    expect(words(denied('partition'))).toBe(
      'Item #2: u-guest may not see Chunk c-17 (in a partition the principal lacks; rule chunk.partition).',
    );
    expect(words(denied('partition'), 'ko')).toBe(
      '항목 #2: u-guest은(는) Chunk c-17을(를) 볼 수 없음 (주체에게 없는 파티션에 속함; 규칙 chunk.partition).',
    );
    // The run's outcome sentence carries the reason as its own code, so a screen words it in its language.
    const core = providerCoreMessage(providerViolationMessage(denied('partition'), 'u-guest'));
    expect(core.params?.['reason']).toEqual([{ code: 'access_reason:partition' }]);
    expect(wordCore(core, 'ko')).toBe(
      '항목 #2: u-guest은(는) Chunk c-17을(를) 볼 수 없음 (주체에게 없는 파티션에 속함; 규칙 chunk.partition).',
    );
    expect(wordCore(core, 'en')).toBe(words(denied('partition')));
  });

  it('shows a team policy’s own reason code as it is, in both languages', () => {
    expect(words(denied('contractor_only'))).toBe('Item #2: u-guest may not see Chunk c-17 (contractor_only; rule chunk.partition).');
    expect(words(denied('contractor_only'), 'ko')).toBe(
      '항목 #2: u-guest은(는) Chunk c-17을(를) 볼 수 없음 (contractor_only; 규칙 chunk.partition).',
    );
    const core = providerCoreMessage(providerViolationMessage(denied('contractor_only'), 'u-guest'));
    expect(core.params?.['reason']).toBe('contractor_only');
  });

  it('words a superseded ADR labelled current with the graph’s state and reason, in English and Korean', () => {
    const violation: ProviderViolation = {
      kind: 'freshness_mismatch',
      item: { rank: 1, document_id: 'adr-005', chunk_id: 'c-1' },
      evidence: { claimed: 'current', found: 'stale', reason: 'superseded by adr-010' },
    };
    expect(words(violation)).toBe('Item #1: labelled current, but the graph makes the document adr-005 stale: superseded by adr-010.');
    // A violation recorded before the reason's code: its English reason is shown as it is; the states are worded.
    expect(words(violation, 'ko')).toBe(
      '항목 #1: "최신"(으)로 표시되었지만, 그래프상 문서 adr-005의 최신성은 "오래됨"임: superseded by adr-010.',
    );
  });

  it('words the graph’s freshness reason from the freshness catalogue in the reader’s language, not the English kept beside it', () => {
    const violation: ProviderViolation = {
      kind: 'freshness_mismatch',
      item: { rank: 1, document_id: 'adr-005', chunk_id: 'c-1' },
      evidence: {
        claimed: 'current',
        found: 'stale',
        reason: 'superseded by adr-010',
        reason_code: 'superseded_by',
        reason_params: { successor: 'adr-010' },
      },
    };
    expect(words(violation)).toBe('Item #1: labelled current, but the graph makes the document adr-005 stale: superseded by adr-010.');
    expect(words(violation, 'ko')).toBe(
      '항목 #1: "최신"(으)로 표시되었지만, 그래프상 문서 adr-005의 최신성은 "오래됨"임: adr-010(으)로 대체됨.',
    );
    // The run's outcome sentence carries the reason as the freshness catalogue's code, so a screen words it in its language.
    const core = providerCoreMessage(providerViolationMessage(violation, 'u-guest'));
    expect(core.params?.['reason']).toEqual([{ code: 'freshness:superseded_by', params: { successor: 'adr-010' } }]);
    expect(core.params?.['claimed']).toEqual([{ code: 'freshness:state_current' }]);
    expect(wordCore(core, 'ko')).toBe(words(violation, 'ko'));
    expect(wordCore(core, 'en')).toBe(words(violation));
  });

  it('words a failed call from its code and parameters', () => {
    const failure = {
      code: 'call_schema_mismatch' as const,
      params: { url: 'http://127.0.0.1:9/ctx', fields: 'items.0.source_uri: expected string' },
    };
    expect(wordProviderMessage(providerFailureMessage(failure))).toBe(
      'The provider at http://127.0.0.1:9/ctx answered JSON that is not a ContextResponse; the first fields that do not fit: items.0.source_uri: expected string. Its answer was not used.',
    );
  });

  it('carries a failed call’s coded fields into the run’s outcome sentence, worded alike in both languages', () => {
    const failure = {
      code: 'call_schema_mismatch' as const,
      params: { url: 'http://127.0.0.1:9/ctx', fields: 'lacking_provenance: must be at least 0' },
      said: {
        fields: [
          {
            code: 'provider:field_part',
            params: { path: 'lacking_provenance', problem: [{ code: 'provider:at_least_part', params: { limit: '0' } }] },
          },
        ],
      },
    };
    const message = providerFailureMessage(failure);
    const core = providerCoreMessage(message);
    expect(core.params?.['fields']).toEqual(failure.said.fields);
    expect(wordCore(core, 'ko')).toBe(wordProviderMessage(message, 'ko'));
    expect(wordCore(core, 'ko')).toContain('맞지 않는 첫 필드: lacking_provenance: 0 이상이어야 함.');
    expect(wordCore(core, 'en')).toBe(wordProviderMessage(message));
  });
});
