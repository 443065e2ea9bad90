import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, settlePrincipal, storedForm, type RequestForm } from '../../renderer/screens/workbench/request-form';
import { FIELD_TEST_IDS, summaryParts } from '../../renderer/screens/workbench/request-summary';
import { isReopenKey } from '../../renderer/screens/workbench/keyboard-shortcut';
import { resultsMessages } from '../../renderer/screens/workbench/results-messages';

const form = (changes: Partial<RequestForm>): RequestForm => ({ ...DEFAULT_FORM, query: 'failover', principalId: 'u-sora', ...changes });

describe('the summary line', () => {
  it('names principal, mode and the limits of an untouched hybrid request, and its ranker', () => {
    expect(summaryParts(form({})).map((part) => part.field)).toEqual(['principal', 'mode', 'top_k', 'max_tokens', 'timeout', 'ranker']);
    expect(summaryParts(form({})).find((part) => part.field === 'timeout')?.params).toEqual({ ms: '10000' });
  });

  it('adds freshness date, document types and scope only when set, and no ranker where the mode fuses nothing', () => {
    const parts = summaryParts(
      form({ mode: 'vector', freshnessAt: '2026-01-01', docTypes: 'adr, ,runbook', scopeKind: 'document_ids', scopeValues: 'd1' }),
    );
    expect(parts.map((part) => part.field)).toEqual([
      'principal',
      'mode',
      'top_k',
      'max_tokens',
      'timeout',
      'freshness',
      'doc_types',
      'scope',
    ]);
    expect(parts.find((part) => part.field === 'doc_types')?.params).toEqual({ types: 'adr, runbook' });
    expect(parts.find((part) => part.field === 'scope')?.params).toEqual({ kind: 'document_ids', values: 'd1' });
  });

  it('words every part with a message that exists in both languages', () => {
    const parts = summaryParts(form({ freshnessAt: '2026-01-01', docTypes: 'adr', scopeValues: 'payments' }));
    for (const part of parts) {
      if (part.message.startsWith('workbench:')) continue;
      expect(resultsMessages.en).toHaveProperty(part.message);
      expect(resultsMessages.ko).toHaveProperty(part.message);
      expect(resultsMessages.en).toHaveProperty(`part_${part.field}`);
    }
  });

  it('knows the form control of every field it can re-open', () => {
    for (const part of summaryParts(form({ freshnessAt: 'x', docTypes: 'adr', scopeValues: 'p' })))
      expect(FIELD_TEST_IDS[part.field]).toMatch(/-/);
  });
});

describe('the results messages', () => {
  const params = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

  it('word every message in Korean as in English, with the same parameters', () => {
    expect(Object.keys(resultsMessages.ko).sort()).toEqual(Object.keys(resultsMessages.en).sort());
    for (const [key, english] of Object.entries(resultsMessages.en)) {
      expect(params(resultsMessages.ko[key as keyof typeof resultsMessages.ko]), key).toEqual(params(english));
    }
  });
});

describe('the form remembered for a connection', () => {
  it('comes back field for field', () => {
    const remembered = form({
      mode: 'fulltext',
      topK: '7',
      stalePolicy: 'filter',
      ranker: 'linear',
      scopeKind: 'document_ids',
      scopeValues: 'a, b',
    });
    expect(storedForm({ ...remembered })).toEqual(remembered);
  });

  it('is the default form when nothing is remembered', () => {
    expect(storedForm(undefined)).toEqual(DEFAULT_FORM);
  });

  it('drops a choice no longer offered and a field that is not text, keeping the rest', () => {
    const restored = storedForm({ query: 'kafka', mode: 'telepathy', ranker: 'magic', topK: 5, stalePolicy: 'filter', unknownField: 'x' });
    expect(restored).toEqual({ ...DEFAULT_FORM, query: 'kafka', stalePolicy: 'filter' });
    expect(restored).not.toHaveProperty('unknownField');
  });
});

describe('settling the principal once the list arrives', () => {
  it('fills the form that still holds the principal the list was checked against', () => {
    expect(settlePrincipal(form({ principalId: '' }), '', 'u-guest').principalId).toBe('u-guest');
    expect(settlePrincipal(form({ principalId: 'u-left' }), 'u-left', 'u-guest').principalId).toBe('u-guest');
  });

  it('keeps a principal picked after the list was checked (a pick quicker than the effect is a choice)', () => {
    const picked = form({ principalId: 'u-minjun' });
    expect(settlePrincipal(picked, '', 'u-guest')).toBe(picked);
    expect(settlePrincipal(picked, 'u-left', 'u-guest')).toBe(picked);
  });

  it('returns the same form when nothing changes, so no render follows', () => {
    const same = form({ principalId: 'u-sora' });
    expect(settlePrincipal(same, 'u-sora', 'u-sora')).toBe(same);
  });
});

describe('the key that re-opens the form', () => {
  const press = (key: string, changes: Partial<Parameters<typeof isReopenKey>[0]> = {}) =>
    isReopenKey({ key, ctrlKey: false, metaKey: false, altKey: false, target: null, ...changes });

  it('is / or E alone', () => {
    expect(press('/')).toBe(true);
    expect(press('e')).toBe(true);
    expect(press('E')).toBe(true);
    expect(press('x')).toBe(false);
    expect(press('e', { ctrlKey: true })).toBe(false);
  });

  it('is left to a field that takes typing', () => {
    expect(press('/', { target: { tagName: 'INPUT' } as unknown as EventTarget })).toBe(false);
    expect(press('e', { target: { tagName: 'TEXTAREA' } as unknown as EventTarget })).toBe(false);
    expect(press('e', { target: { tagName: 'DIV', isContentEditable: true } as unknown as EventTarget })).toBe(false);
    expect(press('e', { target: { tagName: 'BUTTON' } as unknown as EventTarget })).toBe(true);
  });
});
