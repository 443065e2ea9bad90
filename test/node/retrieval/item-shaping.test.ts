import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY, type AclPrincipal } from '../../../shared/acl/access-policy';
import { compileAclToExplainer } from '../../../shared/acl/explain-access';
import { ContextItem } from '../../../shared/context-contract';
import { isLensError } from '../../../shared/lens-error';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';
import type { Candidate, NodeProps } from '../../../electron/retrieval/candidate';
import type { PackedItem } from '../../../electron/retrieval/context-packing';
import { toContextItem, type LabelledCandidate } from '../../../electron/retrieval/item-shaping';

const sora: AclPrincipal = {
  principal_id: 'u-sora',
  workspace_id: 'ws-nurion',
  groups: ['g-eng-all', 'g-payments'],
  acl_partitions: ['general', 'eng'],
};
const shaping = { profile: DEFAULT_SCHEMA_PROFILE, explainer: compileAclToExplainer(DEFAULT_ACCESS_POLICY), principal: sora };

function candidate(chunkId: string, chunk: NodeProps, document: NodeProps, rank = 1): LabelledCandidate {
  const withIds: Candidate = {
    chunk_id: chunkId,
    chunk: { chunk_id: chunkId, text: `text of ${chunkId}`, position: Number(chunkId.split('#')[1] ?? 0), ...chunk },
    document: { document_id: 'doc-1', source_uri: 'https://wiki.example/doc-1', ...document },
    documents: [],
    scores: { vector: 1 / (1 + rank) },
    ranks: { vector: rank },
    path: [],
  };
  return { candidate: withIds, freshness: { state: 'current', reason: 'valid, not superseded' } };
}

function packed(...payloads: LabelledCandidate[]): PackedItem<LabelledCandidate> {
  return packedWithBest(0, ...payloads);
}

function packedWithBest(best: number, ...payloads: LabelledCandidate[]): PackedItem<LabelledCandidate> {
  const ids = payloads.map((payload) => payload.candidate.chunk_id);
  return {
    chunk_id: ids[0] as string,
    chunk_ids: ids,
    document_id: 'doc-1',
    content: 'content',
    span: { start_char: 0, end_char: 7 },
    tokens: 2,
    score: 0.5,
    payloads,
    best,
  };
}

const restricted = { workspace_id: 'ws-nurion', visibility: 'restricted', owner_id: 'u-minjun', allowed_groups: ['g-hr', 'g-payments'] };

describe('item shaping: why each item was allowed', () => {
  it('says a public document in the principal’s workspace was allowed as public, with the chunk’s partition', () => {
    const item = toContextItem(
      packed(candidate('doc-1#0', { acl_partition: 'eng' }, { workspace_id: 'ws-nurion', visibility: 'public' })),
      1,
      shaping,
    );
    expect(item.access).toEqual({
      because: [
        {
          path: 'document.all_of[0]',
          code: 'workspace_held',
          params: { property: 'workspace_id', field: 'workspace_id', found: 'ws-nurion', expected: 'ws-nurion' },
        },
        {
          path: 'document.any_of[0]',
          code: 'value_held',
          params: { property: 'visibility', field: '', found: 'public', expected: 'public' },
        },
        {
          path: 'chunk.all_of[0]',
          code: 'partitions_held',
          params: { property: 'acl_partition', field: 'acl_partitions', found: 'eng', expected: 'general, eng' },
        },
      ],
    });
  });

  it('names the shared group (not the owner) for a restricted document the principal does not own', () => {
    const item = toContextItem(packed(candidate('doc-1#0', {}, restricted)), 1, shaping);
    expect(item.access?.because.map((clause) => [clause.path, clause.code, clause.params.found])).toEqual([
      ['document.all_of[0]', 'workspace_held', 'ws-nurion'],
      ['document.any_of[2]', 'groups_held', 'g-payments'],
      ['chunk.all_of[0]', 'unrestricted_held', ''],
    ]);
  });

  it('names the owner when the principal owns the document', () => {
    const item = toContextItem(packed(candidate('doc-1#0', {}, { ...restricted, owner_id: 'u-sora', allowed_groups: [] })), 1, shaping);
    expect(item.access?.because[1]).toMatchObject({ path: 'document.any_of[1]', code: 'owner_held', params: { found: 'u-sora' } });
  });

  it('explains a merged item by its first chunk, the item’s chunk_id', () => {
    const first = candidate('doc-1#3', { acl_partition: 'general' }, restricted);
    const second = candidate('doc-1#4', { acl_partition: 'eng' }, restricted);
    const item = toContextItem(packed(first, second), 2, shaping);
    expect(item.chunk_id).toBe('doc-1#3');
    expect(item.access?.because.at(-1)).toMatchObject({ code: 'partitions_held', params: { found: 'general' } });
  });

  it('gives a merged item the scores and ranks of the chunk it ranks by, not of its first chunk', () => {
    // ADR-010's chunks #4 (fused rank 8) and #5 (rank 2) made item 4, shown as 'fused rank 8' above an item of rank 6.
    const first = candidate('doc-1#4', {}, restricted, 8);
    const second = candidate('doc-1#5', {}, restricted, 2);
    const item = toContextItem(packedWithBest(1, first, second), 4, shaping);
    expect(item.chunk_id).toBe('doc-1#4');
    expect(item.ranks).toEqual({ vector: 2, final: 4 });
    expect(item.retrieval_scores).toEqual({ vector: 1 / 3 });
  });

  it('is a value the contract accepts, and stays optional so runs kept before it still parse', () => {
    const item = toContextItem(packed(candidate('doc-1#0', {}, restricted)), 1, shaping);
    expect(ContextItem.parse(item)).toEqual(item);
    const { access: _access, ...older } = item;
    expect(ContextItem.safeParse(older).success).toBe(true);
    expect(ContextItem.safeParse({ ...item, access: { because: [] } }).success).toBe(false);
  });

  it('refuses to shape an item the policy does not allow, rather than hand it out without a reason', () => {
    const hidden = candidate('doc-1#0', { acl_partition: 'security' }, restricted);
    let thrown: unknown;
    try {
      toContextItem(packed(hidden), 1, shaping);
    } catch (error) {
      thrown = error;
    }
    expect(isLensError(thrown) && thrown.kind).toBe('internal');
    expect((thrown as Error).message).toContain('doc-1#0');
  });
});
