import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY } from '../../../shared/acl/access-policy';
import { compileAclToPredicate } from '../../../shared/acl/compile-acl-to-predicate';
import type { Principal } from '../../../shared/principal';
import { GraphGateway } from '../../../electron/graph/read-gateway';
import {
  NO_FILTERS,
  pathDenial,
  postfilter,
  postfilterIfEnabled,
  recheckAfterExpansion,
  type CandidateRow,
  type PostfilterScope,
} from '../../../electron/retrieval/acl-enforcement';
import type { Candidate, NodeProps, PathNode } from '../../../electron/retrieval/candidate';
import { finalAccessCheck } from '../../../electron/retrieval/final-access-check';
import { RunLog } from '../../../electron/retrieval/retrieval-stages';

// The enforcement points only count denials on the log; the gateway behind it is never asked anything here.
const gateway = GraphGateway.open({
  uri: 'bolt://127.0.0.1:1',
  user: 'neo4j',
  password: 'unused',
  database: undefined,
  source: 'environment',
});
afterAll(async () => {
  await gateway.close();
});

const checker = compileAclToPredicate(DEFAULT_ACCESS_POLICY);
const sora: Principal = {
  principal_id: 'u-sora',
  workspace_id: 'ws-a',
  groups: ['g-eng'],
  acl_partitions: ['general', 'eng'],
  source: 'local',
};

const publicDoc: NodeProps = { document_id: 'doc-public', workspace_id: 'ws-a', visibility: 'public' };
const hrDoc: NodeProps = { document_id: 'doc-hr', workspace_id: 'ws-a', visibility: 'restricted', allowed_groups: ['g-hr'] };
const otherWorkspaceDoc: NodeProps = { document_id: 'doc-b', workspace_id: 'ws-b', visibility: 'public' };
const engChunk: NodeProps = { chunk_id: 'c-eng', acl_partition: 'eng' };
const hrChunk: NodeProps = { chunk_id: 'c-hr', acl_partition: 'hr' };

const entity = (id: string, props: NodeProps): PathNode => ({ kind: 'entity', label: 'Service', id, props: { service_id: id, ...props } });
const openService = entity('svc-open', {});
const sharedService = entity('svc-shared', { workspace_id: 'ws-a', allowed_groups: ['g-eng'] });
const hrService = entity('svc-hr', { workspace_id: 'ws-a', visibility: 'restricted', allowed_groups: ['g-hr'] });
const foreignService = entity('svc-foreign', { workspace_id: 'ws-b', visibility: 'public' });

function candidate(chunk: NodeProps, document: NodeProps, extra: Partial<Candidate> = {}): Candidate {
  return {
    chunk_id: String(chunk.chunk_id),
    chunk,
    document,
    documents: [document],
    scores: {},
    ranks: {},
    path: [
      { kind: 'chunk', label: 'Chunk', id: String(chunk.chunk_id), props: chunk },
      { kind: 'document', label: 'Document', id: String(document.document_id), props: document },
    ],
    ...extra,
  };
}

/** A claim path whose evidence sits in `chunk` of `document`, but whose claim also reaches `otherDocument`. */
function claimPathThrough(chunk: NodeProps, document: NodeProps, otherDocument: NodeProps): Candidate {
  const base = candidate(chunk, document);
  return {
    ...base,
    path: [
      { kind: 'claim', label: 'Claim', id: 'cl-1', props: { claim_id: 'cl-1' } },
      ...base.path,
      { kind: 'document', label: 'Document', id: String(otherDocument.document_id), props: otherDocument },
    ],
  };
}

const newLog = () => new RunLog(gateway);
const template: PostfilterScope = { mechanism: 'cypher_template', filters: NO_FILTERS };
const atTemplate = { stage: 'before_candidates', mechanism: 'cypher_template', kind: 'access', counts: 'chunks' } as const;
const afterExpansion = (reason: string, count: number, of: number, counts: 'chunks' | 'entities' = 'chunks') => ({
  stage: 'after_expansion',
  kind: 'access',
  reason,
  counts,
  count,
  of,
});
const row = (allowed: boolean, chunk: NodeProps, document: NodeProps, documents: NodeProps[] = [document]): CandidateRow => ({
  chunk_id: String(chunk.chunk_id),
  allowed,
  score: 1,
  chunk,
  document,
  documents,
});

describe('recheckAfterExpansion: entities beside a path', () => {
  it('drops the related entities the principal may not see and keeps the others, in order', () => {
    const log = newLog();
    const [kept] = recheckAfterExpansion(
      [candidate(engChunk, publicDoc, { related: [openService, hrService, sharedService, foreignService] })],
      checker,
      sora,
      log,
    );
    expect(kept?.related?.map((node) => node.id)).toEqual(['svc-open', 'svc-shared']);
  });

  it('counts each dropped entity once at after_expansion with the reason the policy gives, out of the distinct entities seen', () => {
    const log = newLog();
    recheckAfterExpansion(
      [
        candidate(engChunk, publicDoc, { related: [hrService, foreignService, hrService, openService] }),
        candidate({ ...engChunk, chunk_id: 'c-2' }, publicDoc, { related: [hrService] }),
      ],
      checker,
      sora,
      log,
    );
    expect(log.denied()).toEqual([
      afterExpansion('entity:not_shared', 1, 3, 'entities'),
      afterExpansion('entity:workspace', 1, 3, 'entities'),
    ]);
  });

  it('keeps the candidate itself when only an entity beside it is denied', () => {
    const log = newLog();
    const kept = recheckAfterExpansion([candidate(engChunk, publicDoc, { related: [hrService] })], checker, sora, log);
    expect(kept.map((c) => c.chunk_id)).toEqual(['c-eng']);
    expect(kept[0]?.related).toEqual([]);
  });

  it('leaves a candidate without related entities as it was, counting nothing', () => {
    const log = newLog();
    const plain = candidate(engChunk, publicDoc);
    expect(recheckAfterExpansion([plain], checker, sora, log)).toEqual([plain]);
    expect(log.denied()).toEqual([]);
  });
});

describe('recheckAfterExpansion: the path itself', () => {
  it('cuts a candidate whose document the principal may not see and names the document in the count', () => {
    const log = newLog();
    expect(recheckAfterExpansion([candidate(engChunk, hrDoc), candidate(engChunk, otherWorkspaceDoc)], checker, sora, log)).toEqual([]);
    expect(log.denied()).toEqual([afterExpansion('document:not_shared', 1, 1), afterExpansion('document:workspace', 1, 1)]);
  });

  it('cuts a candidate whose chunk is in a partition the principal lacks', () => {
    const log = newLog();
    expect(recheckAfterExpansion([candidate(hrChunk, publicDoc)], checker, sora, log)).toEqual([]);
    expect(log.denied()).toEqual([afterExpansion('chunk:partition', 1, 1)]);
  });

  it('cuts a claim path that reaches a second document the principal may not see', () => {
    const log = newLog();
    expect(recheckAfterExpansion([claimPathThrough(engChunk, publicDoc, hrDoc)], checker, sora, log)).toEqual([]);
    expect(log.denied()).toEqual([afterExpansion('document:not_shared', 1, 1)]);
  });

  it('keeps visible candidates and cuts only the denied ones among them', () => {
    const log = newLog();
    const kept = recheckAfterExpansion(
      [candidate(engChunk, publicDoc), candidate(hrChunk, publicDoc), claimPathThrough(engChunk, publicDoc, publicDoc)],
      checker,
      sora,
      log,
    );
    expect(kept).toHaveLength(2);
    expect(log.denied()).toEqual([afterExpansion('chunk:partition', 1, 2)]);
  });
});

describe('pathDenial', () => {
  it('names the node that fails first: the document before the chunk', () => {
    expect(pathDenial(candidate(hrChunk, hrDoc), checker, sora)).toEqual({ reason: 'not_shared', node: 'document' });
    expect(pathDenial(candidate(hrChunk, publicDoc), checker, sora)).toEqual({ reason: 'partition', node: 'chunk' });
    expect(pathDenial(candidate(engChunk, publicDoc), checker, sora)).toBeNull();
  });
});

describe('postfilter: the first enforcement point of mechanisms that cannot pre-filter', () => {
  it('keeps the rows both compilations allow, in order', () => {
    const rows = [row(true, engChunk, publicDoc), row(true, { ...engChunk, chunk_id: 'c-2' }, publicDoc)];
    expect(postfilter(rows, checker, sora, newLog(), template).map((r) => r.chunk_id)).toEqual(['c-eng', 'c-2']);
  });

  it("counts a row both deny by the TypeScript predicate's reason, from the document or the chunk", () => {
    const log = newLog();
    expect(postfilter([row(false, engChunk, hrDoc), row(false, hrChunk, publicDoc)], checker, sora, log, template)).toEqual([]);
    expect(log.denied()).toEqual([
      { ...atTemplate, reason: 'not_shared', count: 1, of: 2 },
      { ...atTemplate, reason: 'partition', count: 1, of: 2 },
    ]);
  });

  it('withholds a row the Cypher predicate allowed but the TypeScript one denies, as policy_mismatch', () => {
    const log = newLog();
    expect(postfilter([row(true, engChunk, hrDoc), row(true, hrChunk, publicDoc)], checker, sora, log, template)).toEqual([]);
    expect(log.denied()).toEqual([{ ...atTemplate, reason: 'policy_mismatch', count: 2, of: 2 }]);
  });

  it('counts a row the Cypher predicate denied but the TypeScript one allows as policy_mismatch, and withholds it', () => {
    const log = newLog();
    expect(postfilter([row(false, engChunk, publicDoc)], checker, sora, log, template)).toEqual([]);
    expect(log.denied()).toEqual([{ ...atTemplate, reason: 'policy_mismatch', count: 1, of: 1 }]);
  });

  it('passes every row through, counting nothing, only when pre-filtering is switched off', () => {
    const rows = [row(true, engChunk, publicDoc), row(false, { ...engChunk, chunk_id: 'c-2' }, hrDoc)];
    const off = newLog();
    const passed = postfilterIfEnabled(false, rows, checker, sora, off, template);
    expect(passed).toEqual(rows);
    expect(passed).not.toBe(rows);
    expect(off.denied()).toEqual([]);
    const on = newLog();
    expect(postfilterIfEnabled(true, rows, checker, sora, on, template).map((r) => r.chunk_id)).toEqual(['c-eng']);
    expect(on.denied()).toEqual([{ ...atTemplate, reason: 'not_shared', count: 1, of: 2 }]);
  });
});

describe('a chunk part of a document the principal may see and of one it may not (deny overrides)', () => {
  it('postfilter: withholds it when its row lists both documents, counted by the hidden document', () => {
    const log = newLog();
    expect(postfilter([row(true, engChunk, publicDoc, [publicDoc, hrDoc])], checker, sora, log, template)).toEqual([]);
    expect(log.denied()).toEqual([{ ...atTemplate, reason: 'policy_mismatch', count: 1, of: 1 }]);
  });

  it('postfilter: withholds it when it comes as one row per document, the visible one first, counted once', () => {
    const log = newLog();
    const rows = [row(false, engChunk, publicDoc), row(false, engChunk, hrDoc)];
    expect(postfilter(rows, checker, sora, log, template)).toEqual([]);
    expect(log.denied()).toEqual([{ ...atTemplate, reason: 'not_shared', count: 1, of: 1 }]);
  });

  it('after expansion and before output: cuts a candidate whose chunk is also part of a hidden document', () => {
    const both = candidate(engChunk, publicDoc, { documents: [publicDoc, hrDoc] });
    expect(pathDenial(both, checker, sora)).toEqual({ reason: 'not_shared', node: 'document' });
    const log = newLog();
    expect(recheckAfterExpansion([both], checker, sora, log)).toEqual([]);
    expect(log.denied()).toEqual([afterExpansion('document:not_shared', 1, 1)]);
    expect(finalAccessCheck([both], checker, sora, newLog())).toEqual(['document:not_shared']);
    // Both documents visible: shown.
    expect(
      pathDenial(candidate(engChunk, publicDoc, { documents: [publicDoc, { ...hrDoc, allowed_groups: ['g-eng'] }] }), checker, sora),
    ).toBeNull();
  });
});

describe('finalAccessCheck: the before-output enforcement point', () => {
  it('finds nothing to report when every candidate may be shown', () => {
    const log = newLog();
    expect(
      finalAccessCheck([candidate(engChunk, publicDoc), claimPathThrough(engChunk, publicDoc, publicDoc)], checker, sora, log),
    ).toEqual([]);
    expect(log.denied()).toEqual([]);
  });

  it('reports every failing candidate with its node and reason, and counts each chunk once before_output', () => {
    const log = newLog();
    const reasons = finalAccessCheck(
      [
        candidate(engChunk, publicDoc),
        candidate(hrChunk, publicDoc),
        candidate(engChunk, otherWorkspaceDoc),
        claimPathThrough(engChunk, publicDoc, hrDoc),
      ],
      checker,
      sora,
      log,
    );
    expect(reasons).toEqual(['chunk:partition', 'document:workspace', 'document:not_shared']);
    const atOutput = { stage: 'before_output', kind: 'access', counts: 'chunks', count: 1, of: 2 } as const;
    expect(log.denied()).toEqual([
      { ...atOutput, reason: 'chunk:partition' },
      { ...atOutput, reason: 'document:workspace' },
      { ...atOutput, reason: 'document:not_shared' },
    ]);
  });
});

describe('the request filters at the enforcement points: counted as filter, never as access', () => {
  const runbooksOnly = { failing: (document: NodeProps) => (document.doc_type === 'runbook' ? null : ('document_types' as const)) };
  const runbook: NodeProps = { ...publicDoc, document_id: 'doc-runbook', doc_type: 'runbook' };
  const policy: NodeProps = { ...publicDoc, document_id: 'doc-policy', doc_type: 'policy' };

  it('post-filter: withholds a visible row of another type as filter, and a row the principal may not see as access', () => {
    const log = newLog();
    const scope: PostfilterScope = { mechanism: 'cypher_template', filters: runbooksOnly };
    const rows = [
      row(true, engChunk, runbook),
      row(true, { ...engChunk, chunk_id: 'c-2' }, policy),
      row(false, { ...engChunk, chunk_id: 'c-3' }, { ...hrDoc, doc_type: 'policy' }),
    ];
    expect(postfilter(rows, checker, sora, log, scope).map((r) => r.chunk_id)).toEqual(['c-eng']);
    expect(log.denied()).toEqual([
      {
        stage: 'before_candidates',
        mechanism: 'cypher_template',
        kind: 'filter',
        reason: 'document_types',
        counts: 'chunks',
        count: 1,
        of: 3,
      },
      { ...atTemplate, reason: 'not_shared', count: 1, of: 3 },
    ]);
  });

  it('after expansion: cuts a path from a document the filter leaves out as filter, each chunk once', () => {
    const log = newLog();
    const kept = recheckAfterExpansion(
      [candidate(engChunk, runbook), candidate(hrChunk, policy), claimPathThrough(hrChunk, policy, policy), candidate(engChunk, hrDoc)],
      checker,
      sora,
      log,
      runbooksOnly,
    );
    expect(kept.map((c) => c.document.document_id)).toEqual(['doc-runbook']);
    // A path the principal may not see is cut for access, even when its document is also of another type.
    expect(log.denied()).toEqual([afterExpansion('chunk:partition', 1, 2), afterExpansion('document:not_shared', 1, 2)]);
    const filterOnly = newLog();
    recheckAfterExpansion(
      [candidate(engChunk, policy), claimPathThrough(engChunk, runbook, policy)],
      checker,
      sora,
      filterOnly,
      runbooksOnly,
    );
    expect(filterOnly.denied()).toEqual([
      { stage: 'after_expansion', kind: 'filter', reason: 'document:document_types', counts: 'chunks', count: 1, of: 1 },
    ]);
  });

  it('before output: a chunk the filter leaves out fails the check, counted as filter', () => {
    const log = newLog();
    expect(finalAccessCheck([candidate(engChunk, runbook), candidate(engChunk, policy)], checker, sora, log, runbooksOnly)).toEqual([
      'filter:document_types',
    ]);
    expect(log.denied()).toEqual([
      { stage: 'before_output', kind: 'filter', reason: 'document:document_types', counts: 'chunks', count: 1, of: 1 },
    ]);
  });
});
