import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContextRequest, SCOPE_KINDS } from '../../shared/context-contract';
import {
  DEFAULT_FORM,
  formToRequest,
  parseDocTypes,
  RANKERS,
  requestToForm,
  STALE_POLICIES,
  usesRanker,
  usesSimilarityFloor,
  usesTermsFloor,
  WORKBENCH_MODES,
  type RequestForm,
} from '../../renderer/screens/workbench/request-form';

const form = (changes: Partial<RequestForm>): RequestForm => ({ ...DEFAULT_FORM, query: 'failover', principalId: 'u-sora', ...changes });

describe('formToRequest', () => {
  it("asks for the contract's defaults when the form is untouched", () => {
    expect(formToRequest(form({}))).toEqual({
      query: 'failover',
      principal: 'u-sora',
      mode: 'hybrid',
      top_k: 10,
      max_tokens: 4000,
      timeout_ms: 10000,
      options: { stale_policy: 'demote', ranker: 'rrf' },
    });
  });

  it('asks, when untouched, for exactly what the contract fills in by itself', () => {
    expect(ContextRequest.parse(formToRequest(form({})))).toEqual(
      ContextRequest.parse({ query: 'failover', principal: 'u-sora', options: {} }),
    );
  });

  it('leaves out an empty number field, so the server applies its default', () => {
    const request = formToRequest(form({ topK: '', maxTokens: '  ', timeoutMs: '' }));
    expect(request).not.toHaveProperty('top_k');
    expect(request).not.toHaveProperty('max_tokens');
    expect(request).not.toHaveProperty('timeout_ms');
  });

  it('sends a number as typed, trimmed, for the server to judge', () => {
    expect(formToRequest(form({ topK: ' 25 ', maxTokens: '0', timeoutMs: '-5' }))).toMatchObject({
      top_k: 25,
      max_tokens: 0,
      timeout_ms: -5,
    });
    expect(formToRequest(form({ topK: '1e2' })).top_k).toBe(100);
    expect(formToRequest(form({ topK: 'ten' })).top_k).toBeNaN();
  });

  it('sends a freshness day typed as the Korean UI writes it, or with slashes, as the ISO day; a day that does not exist as typed', () => {
    expect(formToRequest(form({ freshnessAt: '2026. 7. 1.' })).freshness_required_at).toBe('2026-07-01');
    expect(formToRequest(form({ freshnessAt: '2026/7/1' })).freshness_required_at).toBe('2026-07-01');
    // Not moved to another day: the request's schema names it.
    expect(formToRequest(form({ freshnessAt: '2026-02-30' })).freshness_required_at).toBe('2026-02-30');
    expect(formToRequest(form({ freshnessAt: '07/01/2026' })).freshness_required_at).toBe('07/01/2026');
  });

  it('sends the freshness date trimmed, and only when one is given', () => {
    expect(formToRequest(form({ freshnessAt: ' 2026-07-01T00:00:00Z ' })).freshness_required_at).toBe('2026-07-01T00:00:00Z');
    expect(formToRequest(form({ freshnessAt: '   ' }))).not.toHaveProperty('freshness_required_at');
  });

  it('filters by the listed document types, and not at all when none is listed', () => {
    expect(formToRequest(form({ docTypes: 'adr, runbook' })).filters).toEqual({ document_types: ['adr', 'runbook'] });
    expect(formToRequest(form({ docTypes: ' , ' }))).not.toHaveProperty('filters');
  });

  it.each(['hybrid', 'graph'] as const)('sends the ranker in %s mode, which fuses lists', (mode) => {
    expect(formToRequest(form({ mode, ranker: 'naive' })).options).toEqual({ stale_policy: 'demote', ranker: 'naive' });
  });

  it.each(['vector', 'fulltext', 'cypher'] as const)('sends no ranker and no alpha in %s mode', (mode) => {
    const options = formToRequest(form({ mode, ranker: 'linear', alpha: '0.3' })).options as Record<string, unknown>;
    expect(options).not.toHaveProperty('ranker');
    expect(options).not.toHaveProperty('alpha');
  });

  it('sends alpha only with the linear ranker, and only when one is typed', () => {
    expect(formToRequest(form({ ranker: 'linear', alpha: '0.3' })).options).toEqual({
      stale_policy: 'demote',
      ranker: 'linear',
      alpha: 0.3,
    });
    expect(formToRequest(form({ ranker: 'linear', alpha: '' })).options).toEqual({ stale_policy: 'demote', ranker: 'linear' });
    expect(formToRequest(form({ ranker: 'rrf', alpha: '0.3' })).options).toEqual({ stale_policy: 'demote', ranker: 'rrf' });
  });

  it('sends the template, trimmed, only in cypher mode and only when one is named', () => {
    expect(formToRequest(form({ mode: 'cypher', templateId: ' chunks-containing ' })).options).toEqual({
      stale_policy: 'demote',
      template_id: 'chunks-containing',
    });
    expect(formToRequest(form({ mode: 'cypher', templateId: ' ' })).options).toEqual({ stale_policy: 'demote' });
    expect(formToRequest(form({ mode: 'vector', templateId: 'chunks-containing' })).options).toEqual({ stale_policy: 'demote' });
  });

  it('sends the stale policy the user picked', () => {
    expect(formToRequest(form({ stalePolicy: 'filter' })).options).toMatchObject({ stale_policy: 'filter' });
  });
});

describe('parseDocTypes', () => {
  it('splits on commas, trims each type and drops empty ones', () => {
    expect(parseDocTypes(' adr,runbook ,, api_doc ,')).toEqual(['adr', 'runbook', 'api_doc']);
    expect(parseDocTypes('')).toEqual([]);
  });
});

describe('usesRanker', () => {
  it('is true exactly for the modes that fuse candidate lists', () => {
    expect(WORKBENCH_MODES.filter(usesRanker)).toEqual(['hybrid', 'graph', 'auto']);
  });
});

describe('relevance floor fields', () => {
  it('offer the similarity floor to the modes that embed and the matched-terms floor to the modes that search words', () => {
    expect(WORKBENCH_MODES.filter(usesSimilarityFloor)).toEqual(['vector', 'hybrid', 'graph', 'auto']);
    expect(WORKBENCH_MODES.filter(usesTermsFloor)).toEqual(['fulltext', 'hybrid', 'graph', 'auto']);
  });

  it('send a typed floor as a number, 0 included, and leave an empty one to the default', () => {
    expect(formToRequest(form({ mode: 'hybrid', minSimilarity: '0', minMatchedTerms: '3' })).options).toMatchObject({
      min_similarity: 0,
      min_matched_terms: 3,
    });
    expect(formToRequest(form({ mode: 'hybrid' })).options).not.toHaveProperty('min_similarity');
    expect(formToRequest(form({ mode: 'hybrid' })).options).not.toHaveProperty('min_matched_terms');
  });

  it('send no floor a mode does not apply', () => {
    const options = formToRequest(form({ mode: 'cypher', minSimilarity: '0.3', minMatchedTerms: '1' })).options;
    expect(options).not.toHaveProperty('min_similarity');
    expect(options).not.toHaveProperty('min_matched_terms');
  });
});

describe('requestToForm', () => {
  const digits = fc.integer({ min: 0, max: 100_000 }).map(String);
  const word = fc.stringMatching(/^[a-z_]{1,8}$/);
  const forms: fc.Arbitrary<RequestForm> = fc.record({
    query: fc.string(),
    principalId: fc.constantFrom('u-sora', 'u-guest'),
    mode: fc.constantFrom(...WORKBENCH_MODES),
    templateId: word,
    topK: digits,
    maxTokens: digits,
    timeoutMs: digits,
    freshnessAt: fc.constantFrom('', '2026-07-01T00:00:00Z'),
    docTypes: fc.array(word, { maxLength: 3 }).map((types) => types.join(', ')),
    stalePolicy: fc.constantFrom(...STALE_POLICIES),
    ranker: fc.constantFrom(...RANKERS),
    alpha: fc.constantFrom('0.5', '0.25', '1'),
    minSimilarity: fc.constantFrom('', '0', '0.5', '0.635'),
    minMatchedTerms: fc.constantFrom('', '0', '1', '3'),
    scopeKind: fc.constantFrom(...SCOPE_KINDS),
    scopeValues: fc.array(word, { maxLength: 3 }).map((values) => values.join(', ')),
  });

  it('reads back every field the request carries, so a stored run reopens as it was sent', () => {
    fc.assert(
      fc.property(forms, (original) => {
        const back = requestToForm(formToRequest(original), original.principalId);
        // Fields the mode does not send come back as defaults.
        const sent = {
          ...original,
          templateId: original.mode === 'cypher' ? original.templateId : DEFAULT_FORM.templateId,
          ranker: usesRanker(original.mode) ? original.ranker : DEFAULT_FORM.ranker,
          alpha: usesRanker(original.mode) && original.ranker === 'linear' ? original.alpha : DEFAULT_FORM.alpha,
          minSimilarity: usesSimilarityFloor(original.mode) ? original.minSimilarity : DEFAULT_FORM.minSimilarity,
          minMatchedTerms: usesTermsFloor(original.mode) ? original.minMatchedTerms : DEFAULT_FORM.minMatchedTerms,
          scopeKind: original.scopeValues === '' ? DEFAULT_FORM.scopeKind : original.scopeKind,
        };
        expect(back).toEqual(sent);
      }),
      { numRuns: 300 },
    );
  });

  it('fills what an old run lacks with the defaults', () => {
    expect(requestToForm({}, 'u-x')).toEqual({ ...DEFAULT_FORM, principalId: 'u-x' });
  });

  it('takes the principal from the caller, not from the stored request', () => {
    expect(requestToForm({ principal: 'u-other', query: 'q' }, 'u-x').principalId).toBe('u-x');
  });

  it('replaces values of the wrong type or outside the offered choices with the defaults', () => {
    const stored = {
      query: 42,
      mode: 'sql',
      top_k: '7',
      max_tokens: null,
      timeout_ms: true,
      freshness_required_at: 5,
      options: { stale_policy: 'drop', ranker: 'magic', alpha: 0.7, template_id: ['x'] },
    };
    expect(requestToForm(stored, 'u-x')).toEqual({
      ...DEFAULT_FORM,
      principalId: 'u-x',
      query: '42',
      topK: '7',
      freshnessAt: '5',
      alpha: '0.7',
    });
  });

  it('keeps only the string document types and ignores filters or options that are not objects', () => {
    expect(requestToForm({ filters: { document_types: ['adr', 3, null, 'runbook'] } }, 'u-x').docTypes).toBe('adr, runbook');
    expect(requestToForm({ filters: ['adr'], options: ['linear'] }, 'u-x')).toEqual({ ...DEFAULT_FORM, principalId: 'u-x' });
    expect(requestToForm({ filters: { document_types: 'adr' }, options: null }, 'u-x')).toEqual({ ...DEFAULT_FORM, principalId: 'u-x' });
  });
});

describe('the allowed-scope field', () => {
  it('sends the values typed, comma-separated, under the chosen kind, and the contract accepts the request', () => {
    const request = formToRequest(form({ scopeKind: 'repositories', scopeValues: ' nurion/ledger-service, repo-risk-engine ,' }));
    expect(request.allowed_scopes).toEqual({ repositories: ['nurion/ledger-service', 'repo-risk-engine'] });
    expect(ContextRequest.safeParse(request).success).toBe(true);
  });

  it('sends no allowed_scopes while the values are empty, so the request draws from all the principal may see', () => {
    expect(formToRequest(form({ scopeKind: 'document_ids', scopeValues: ' , ' }))).not.toHaveProperty('allowed_scopes');
  });
});
