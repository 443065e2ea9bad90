import type { CutRecord } from '../../shared/context-contract';
import type { CoreMessage } from '../../shared/core-message';
import { cutDetail } from '../../shared/cut-detail';
import { cutMessage } from '../../shared/cut-messages';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { TokenCounter } from './token-counter';

/** One ranked chunk offered to packing; candidates arrive best first. */
export interface PackCandidate<T = unknown> {
  chunk_id: string;
  document_id: string;
  /**
   * 0-based position of the chunk in its document; consecutive positions are merged. Null when the
   * graph holds none for the chunk: such a chunk is never merged, since nothing says what it follows.
   */
  position: number | null;
  /** The chunk's text. */
  content: string;
  /** Where the chunk's text starts and ends in its document's body; null when the graph holds no such offset. */
  start_char: number | null;
  end_char: number | null;
  /** Higher is better; informational here, since the order of the candidates is the rank. */
  score: number;
  /** The claim this chunk is evidence for, when it came from a claim. */
  claim_id?: string | undefined;
  /** Set when the chunk is claim evidence; evidence chunks count against `maxEvidenceChunks`. */
  evidence_id?: string | undefined;
  /** Part of a required relation path: never cut for claims, evidence or top_k, only for budget. */
  required?: boolean | undefined;
  /** Whatever the caller needs back (scores, provenance…); carried through untouched. */
  payload: T;
}

/** Limits of one packing. */
export interface PackOptions {
  /** Token budget of all items together; never exceeded. */
  maxTokens: number;
  /** Most items to keep (required items may go beyond it). */
  topK: number;
  /** Most chunks that may be claim evidence (required evidence may go beyond it). */
  maxEvidenceChunks: number;
  /** Counts the tokens of each item's final content. */
  counter: TokenCounter;
}

/** One packed piece of context: a chunk, or consecutive chunks of one document merged. */
export interface PackedItem<T = unknown> {
  /** The first chunk, in document order. */
  chunk_id: string;
  /** Every chunk the content covers, in document order. */
  chunk_ids: string[];
  document_id: string;
  /** The chunks' texts joined with a blank line, in document order. */
  content: string;
  /**
   * From the first chunk's start to the last chunk's end; null when the graph holds no start for the
   * first or no end for the last (a graph built without character offsets, as neo4j-graphrag's lexical
   * graph is), never an invented 0–0.
   */
  span: { start_char: number; end_char: number } | null;
  /** Tokens of `content`, by the counter in {@link PackOptions}. */
  tokens: number;
  /** The claim of the best-ranked chunk that has one. */
  claim_id?: string;
  /** The best score of the merged chunks. */
  score: number;
  /** The candidates' payloads, aligned with `chunk_ids`. */
  payloads: T[];
  /** The index in `payloads` of the best-ranked chunk, the one the item ranks by. */
  best: number;
}

/** What packing kept, what it spent, and what it cut and why. */
export interface PackResult<T = unknown> {
  /** In rank order: an item ranks where its best-ranked chunk did. */
  items: PackedItem<T>[];
  /** Sum of the items' tokens; at most `maxTokens`. */
  used_tokens: number;
  /** By rule: duplicates, claims and evidence, merges, top_k, budget. */
  cuts: CutRecord[];
}

/** A chunk that survived deduplication, with what its duplicates added. */
interface Entry<T> {
  rank: number;
  candidate: PackCandidate<T>;
  claim_id: string | undefined;
  evidence_id: string | undefined;
  required: boolean;
}

/** Consecutive chunks of one document, in position order; ranked by its best member. */
interface Group<T> {
  rank: number;
  members: Entry<T>[];
  required: boolean;
}

const JOIN = '\n\n';

/**
 * Packs ranked chunks into context items within `maxTokens`. Rules, in order, each cut recorded:
 *
 * 1. dedupe: a chunk_id seen again is `duplicate`; the best-ranked occurrence stays, and takes
 *    the first claim (and evidence) any occurrence brings, so a claim's evidence is never lost;
 * 2. claims: a lower-ranked chunk of a claim already covered is `claim_already_covered`; evidence
 *    chunks beyond `maxEvidenceChunks` are `evidence_limit` (required evidence takes slots first);
 * 3. merge: chunks of one document at consecutive positions become one item, at any rank
 *    distance; the absorbed chunks are recorded `merged` once their item is delivered;
 * 4. top_k: at most `topK` items, required items first and never cut here (`over_top_k`);
 * 5. budget: required items, then the rest, each in rank order, are kept while their final
 *    content's tokens fit what is left; one that does not fit is `over_budget` and later, smaller
 *    items may still fit.
 *
 * Cutting a merged item records every chunk in it under that reason.
 *
 * @throws LensError `invalid_input` when a limit is not a whole number in range.
 */
export function packContext<T>(candidates: readonly PackCandidate<T>[], options: PackOptions): PackResult<T> {
  checkOptions(options);
  const dedupeCuts: CutRecord[] = [];
  const claimCuts: CutRecord[] = [];
  const topKCuts: CutRecord[] = [];
  const budgetCuts: CutRecord[] = [];

  const entries = dedupe(candidates, dedupeCuts);
  const survivors = limitClaimsAndEvidence(entries, options.maxEvidenceChunks, claimCuts);
  const groups = mergeConsecutive(survivors);

  const requiredCount = groups.filter((g) => g.required).length;
  let optionalSlots = Math.max(0, options.topK - requiredCount);
  const selected = groups.filter((group) => {
    if (group.required) return true;
    if (optionalSlots > 0) {
      optionalSlots--;
      return true;
    }
    cutGroup(group, 'over_top_k', cutMessage('over_top_k', { top_k: options.topK }), undefined, topKCuts);
    return false;
  });

  let left = options.maxTokens;
  const delivered: Array<{ group: Group<T>; item: PackedItem<T> }> = [];
  for (const group of [...selected.filter((g) => g.required), ...selected.filter((g) => !g.required)]) {
    const item = toItem(group, options.counter);
    if (item.tokens <= left) {
      left -= item.tokens;
      delivered.push({ group, item });
    } else {
      const detail = group.required ? cutMessage('required_did_not_fit') : cutMessage('tokens_left', { left, max: options.maxTokens });
      cutGroup(group, 'over_budget', detail, item.tokens, budgetCuts);
    }
  }
  delivered.sort((a, b) => a.group.rank - b.group.rank);

  const mergeCuts = delivered.flatMap(({ group, item }) => mergedCuts(group, item));
  return {
    items: delivered.map(({ item }) => item),
    used_tokens: options.maxTokens - left,
    cuts: [...dedupeCuts, ...claimCuts, ...mergeCuts, ...topKCuts, ...budgetCuts],
  };
}

function checkOptions(options: PackOptions): void {
  const limits: Array<[string, number, number]> = [
    ['maxTokens', options.maxTokens, 0],
    ['topK', options.topK, 1],
    ['maxEvidenceChunks', options.maxEvidenceChunks, 0],
  ];
  for (const [name, value, min] of limits) {
    if (!Number.isInteger(value) || value < min) {
      throw codedError('invalid_input', retrievalError('packing_limit_invalid', { name, min, value }));
    }
  }
}

function dedupe<T>(candidates: readonly PackCandidate<T>[], cuts: CutRecord[]): Entry<T>[] {
  const kept = new Map<string, Entry<T>>();
  const entries: Entry<T>[] = [];
  candidates.forEach((candidate, rank) => {
    const first = kept.get(candidate.chunk_id);
    if (first === undefined) {
      const entry: Entry<T> = {
        rank,
        candidate,
        claim_id: candidate.claim_id,
        evidence_id: candidate.evidence_id,
        required: candidate.required === true,
      };
      kept.set(candidate.chunk_id, entry);
      entries.push(entry);
      return;
    }
    // A chunk that is also on a required path stays required, whichever occurrence said so.
    first.required ||= candidate.required === true;
    const keptAt = first.rank + 1;
    let detail: CoreMessage = cutMessage('duplicate', { rank: keptAt });
    if (candidate.claim_id !== undefined && first.claim_id === undefined) {
      first.claim_id = candidate.claim_id;
      first.evidence_id ??= candidate.evidence_id;
      detail = cutMessage('duplicate_now_claim', { rank: keptAt, claim: candidate.claim_id });
    } else if (candidate.claim_id !== undefined && candidate.claim_id !== first.claim_id) {
      detail = cutMessage('duplicate_other_claim', { claim: candidate.claim_id, kept_claim: first.claim_id ?? '', rank: keptAt });
    } else {
      first.evidence_id ??= candidate.evidence_id;
    }
    cuts.push({ chunk_id: candidate.chunk_id, reason: 'duplicate', ...cutDetail(detail) });
  });
  return entries;
}

function limitClaimsAndEvidence<T>(entries: readonly Entry<T>[], maxEvidenceChunks: number, cuts: CutRecord[]): Entry<T>[] {
  const requiredEvidence = entries.filter((e) => e.required && e.evidence_id !== undefined).length;
  let evidenceSlots = Math.max(0, maxEvidenceChunks - requiredEvidence);
  const coveredBy = new Map<string, string>();
  const survivors: Entry<T>[] = [];
  for (const entry of entries) {
    const chunkId = entry.candidate.chunk_id;
    const coveringChunk = entry.claim_id === undefined ? undefined : coveredBy.get(entry.claim_id);
    if (!entry.required && coveringChunk !== undefined) {
      cuts.push({
        chunk_id: chunkId,
        reason: 'claim_already_covered',
        ...cutDetail(cutMessage('claim_already_covered', { claim: entry.claim_id ?? '', chunk: coveringChunk })),
      });
      continue;
    }
    if (!entry.required && entry.evidence_id !== undefined) {
      if (evidenceSlots === 0) {
        cuts.push({ chunk_id: chunkId, reason: 'evidence_limit', ...cutDetail(cutMessage('evidence_limit', { max: maxEvidenceChunks })) });
        continue;
      }
      evidenceSlots--;
    }
    if (entry.claim_id !== undefined && coveringChunk === undefined) coveredBy.set(entry.claim_id, chunkId);
    survivors.push(entry);
  }
  return survivors;
}

function mergeConsecutive<T>(entries: readonly Entry<T>[]): Group<T>[] {
  const byDocument = new Map<string, Entry<T>[]>();
  for (const entry of entries) {
    const list = byDocument.get(entry.candidate.document_id);
    if (list === undefined) byDocument.set(entry.candidate.document_id, [entry]);
    else list.push(entry);
  }
  const groups: Group<T>[] = [];
  for (const list of byDocument.values()) {
    // A chunk without a position stands alone, after the placed ones.
    const placed = (entry: Entry<T>) => entry.candidate.position ?? Number.POSITIVE_INFINITY;
    list.sort((a, b) => placed(a) - placed(b) || a.rank - b.rank);
    let run: Entry<T>[] = [];
    for (const entry of list) {
      const last = run.at(-1);
      const { position } = entry.candidate;
      const follows = last?.candidate.position != null && position !== null && position === last.candidate.position + 1;
      if (last !== undefined && !follows) {
        groups.push(toGroup(run));
        run = [];
      }
      run.push(entry);
    }
    if (run.length > 0) groups.push(toGroup(run));
  }
  return groups.sort((a, b) => a.rank - b.rank);
}

function toGroup<T>(members: Entry<T>[]): Group<T> {
  return { rank: Math.min(...members.map((m) => m.rank)), members, required: members.some((m) => m.required) };
}

/** The span from `start` to `end`, or null when the graph gave either offset for none. */
function spanOf(start: number | null, end: number | null): PackedItem['span'] {
  return start === null || end === null ? null : { start_char: start, end_char: end };
}

function toItem<T>(group: Group<T>, counter: TokenCounter): PackedItem<T> {
  const { members } = group;
  const first = members[0] as Entry<T>;
  const last = members.at(-1) as Entry<T>;
  const content = members.map((m) => m.candidate.content).join(JOIN);
  const tokens = counter.count(content);
  if (!Number.isInteger(tokens) || tokens < 0) {
    throw codedError('internal', retrievalError('token_count_invalid', { counter: counter.name, tokens }));
  }
  const byRank = [...members].sort((a, b) => a.rank - b.rank);
  const claimOwner = byRank.find((m) => m.claim_id !== undefined);
  const item: PackedItem<T> = {
    chunk_id: first.candidate.chunk_id,
    chunk_ids: members.map((m) => m.candidate.chunk_id),
    document_id: first.candidate.document_id,
    content,
    span: spanOf(first.candidate.start_char, last.candidate.end_char),
    tokens,
    score: Math.max(...members.map((m) => m.candidate.score)),
    payloads: members.map((m) => m.candidate.payload),
    best: members.indexOf(byRank[0] as Entry<T>),
  };
  if (claimOwner?.claim_id !== undefined) item.claim_id = claimOwner.claim_id;
  return item;
}

/** The item carries one claim; another claim of a merged chunk is named here so it is not lost silently. */
function mergedCuts<T>(group: Group<T>, item: PackedItem<T>): CutRecord[] {
  const otherClaim = (member: Entry<T> | undefined): CoreMessage[] =>
    member?.claim_id !== undefined && member.claim_id !== item.claim_id
      ? [cutMessage('claim_of_chunk', { chunk: member.candidate.chunk_id, claim: member.claim_id })]
      : [];
  const [head, ...absorbed] = group.members;
  return absorbed.map((member, index) => {
    const claims = [...otherClaim(member), ...(index === 0 ? otherClaim(head) : [])];
    const into = { chunk: item.chunk_id, document: item.document_id };
    return {
      chunk_id: member.candidate.chunk_id,
      reason: 'merged' as const,
      ...cutDetail(claims.length === 0 ? cutMessage('merged', into) : cutMessage('merged_claims', { ...into, claims })),
    };
  });
}

/** Records a cut for every chunk of a group: the first carries the tokens, the rest point to it. */
function cutGroup<T>(
  group: Group<T>,
  reason: CutRecord['reason'],
  detail: CoreMessage,
  tokens: number | undefined,
  cuts: CutRecord[],
): void {
  const head = (group.members[0] as Entry<T>).candidate.chunk_id;
  group.members.forEach((member, index) => {
    const record: CutRecord = {
      chunk_id: member.candidate.chunk_id,
      reason,
      ...cutDetail(index === 0 ? detail : cutMessage('merged_with', { detail: [detail], head })),
    };
    if (index === 0 && tokens !== undefined) record.tokens = tokens;
    cuts.push(record);
  });
}
