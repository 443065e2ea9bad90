import { describe, expect, it } from 'vitest';
import type { LoadedDocument } from '../../../electron/corpus/corpus-model';
import { ClaimsFile, EntitiesFile, claimsFromFile, entitiesFromFile } from '../../../electron/demo-graph/demo-extras';
import { wordCore } from '../../../shared/core-catalogues';

const HANGUL = /[\uac00-\ud7a3]/;

/** Each problem carries its demo_load code, worded in English exactly as its message, and in Korean. */
function expectCoded(problems: readonly { message: string; message_code?: string; message_params?: object }[]): void {
  expect(problems.length).toBeGreaterThan(0);
  for (const problem of problems) {
    const said = { code: problem.message_code ?? '', params: problem.message_params as never };
    expect(wordCore(said, 'en')).toBe(problem.message);
    expect(wordCore(said, 'ko'), problem.message).toMatch(HANGUL);
  }
}

describe('the problems of the demo’s entities.yaml and claims.yaml', () => {
  it('names a service link to an entity that is not defined with a code beside the English', () => {
    const file = EntitiesFile.parse({ services: [{ service_id: 'svc-pay', name: 'Payments', owner: 'team-ghost' }] });
    const { problems } = entitiesFromFile(file, 'entities.yaml');
    expect(problems).toEqual([
      {
        file: 'entities.yaml',
        line: null,
        message: 'entities.yaml: service svc-pay refers to Owner team-ghost, which is not defined.',
        message_code: 'demo_load:entity_link_undefined',
        message_params: { file: 'entities.yaml', service: 'svc-pay', label: 'Owner', target: 'team-ghost' },
      },
    ]);
    expectCoded(problems);
  });

  it('names a claim citing a document not loaded, a quote in no chunk and an unknown entity, each with its code', () => {
    const documents = [
      { document_id: 'doc-a', chunks: [{ chunk_id: 'doc-a#0', text: 'The ledger is replicated.' }] },
    ] as unknown as LoadedDocument[];
    const file = ClaimsFile.parse([
      {
        claim_id: 'c1',
        text: 'Claim',
        about: ['svc-gone'],
        evidence: [
          { document_id: 'doc-missing', quote: 'anything' },
          { document_id: 'doc-a', quote: 'not in the text' },
        ],
      },
    ]);
    const { problems } = claimsFromFile(file, documents, new Set(), 'claims.yaml');
    expect(problems.map((p) => [p.message_code, p.message])).toEqual([
      ['demo_load:claim_document_not_loaded', 'claims.yaml: claim c1 cites document doc-missing, which was not loaded.'],
      ['demo_load:claim_quote_not_found', 'claims.yaml: claim c1 quotes "not in the text", which is not inside one chunk of doc-a.'],
      ['demo_load:claim_unknown_entity', 'claims.yaml: claim c1 is about svc-gone, which is not an entity in entities.yaml.'],
    ]);
    expectCoded(problems);
  });
});
