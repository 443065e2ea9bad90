import { tallyAclDefaults } from '../corpus/acl-defaults';
import { adrLoadReport } from '../corpus/adr-load-report';
import type {
  DocumentAcl,
  LoadedChunk,
  LoadedClaim,
  LoadedDocument,
  LoadedEvidence,
  LoadPlan,
  PrincipalRecord,
} from '../corpus/corpus-model';
import { chunkMarkdown } from '../corpus/markdown-chunker';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import type { CoreMessage } from '../../shared/core-message';
import { readyPrincipals } from './ready-principals';
import {
  createRandom,
  mixSeed,
  permutation,
  syntheticHeading,
  syntheticParagraph,
  syntheticVocabulary,
  type SyntheticLanguage,
  type Vocabulary,
} from './synthetic-text';

/** What to generate. */
export interface SyntheticGraphOptions {
  /** Chunks in the whole graph, exactly. */
  readonly chunks: number;
  /** For each value s in (0, 1], a principal that may see a fraction s of all chunks. */
  readonly selectivities: readonly number[];
  readonly seed: number;
  /** Mean chunks per document (sizes are uniform in 1..2m-1); default 4. */
  readonly chunksPerDocument?: number;
}

/** One benchmark principal and the reach it really got. */
export interface SyntheticReach {
  readonly principal_id: string;
  readonly group_id: string;
  readonly selectivity: number;
  /** round(selectivity × chunks). */
  readonly target_chunks: number;
  /** Chunks the principal may see; differs from the target by less than one document. */
  readonly chunks: number;
  readonly documents: number;
}

/** A synthetic plan, the reach of its principals, and the markdown body each document was chunked from. */
export interface SyntheticCorpus {
  readonly plan: LoadPlan;
  readonly reach: readonly SyntheticReach[];
  /** Regenerates a document's body from the seed (bodies are not kept: at 100k chunks they would double the memory). */
  bodyOf(documentId: string): string;
}

export const SYNTHETIC_WORKSPACE = 'ws-bench';
/** Every synthetic chunk and principal carries this partition, so the chunk rule is evaluated but never decides. */
export const SYNTHETIC_PARTITION = 'bench';
export const DEFAULT_CHUNKS_PER_DOCUMENT = 4;
const MAX_CHUNKS = 10_000_000;
const DOC_TYPES = ['runbook', 'design_doc', 'api_doc', 'incident_report', 'policy', 'handbook'];
const KOREAN_SHARE = 0.3;
const EPOCH = Date.parse('2024-01-01T00:00:00Z');
const DAY = 86_400_000;
/** Seed domains, so documents, ACL draws and the vocabulary never share a random stream. */
const DOCUMENT_STREAM = 0x646f63;
const ACL_STREAM = 0x61636c;
const CLAIM_STREAM = 0x636c6d;
/** How many characters of a chunk an evidence quote takes (from the chunk's start). */
const QUOTE_CHARS = 40;

/** `0.001` → `0.1`, `0.5` → `50`, `1` → `100`: the selectivity as a percentage without float noise. */
export function percentLabel(selectivity: number): string {
  return String(Number((selectivity * 100).toPrecision(10)));
}

/** `bench-s0.1` for 0.001, `bench-s100` for 1. */
export function benchPrincipalId(selectivity: number): string {
  return `bench-s${percentLabel(selectivity)}`;
}

const documentId = (index: number) => `bench-doc-${String(index).padStart(7, '0')}`;

/** The refusal of a synthetic option that must be a whole number in a range (`value` as given, NaN included). */
export function wholeNumberRange(name: string, min: number, max: number, value: number): CoreMessage {
  return serverError('whole_number_range', { name, min, max, value: String(value) });
}

function validate(options: SyntheticGraphOptions): Required<SyntheticGraphOptions> {
  const chunksPerDocument = options.chunksPerDocument ?? DEFAULT_CHUNKS_PER_DOCUMENT;
  const fail = (message: CoreMessage) => {
    throw codedError('invalid_input', message, { hint: serverError('synthetic_options_hint') });
  };
  if (!Number.isInteger(options.chunks) || options.chunks < 1 || options.chunks > MAX_CHUNKS)
    fail(wholeNumberRange('chunks', 1, MAX_CHUNKS, options.chunks));
  if (!Number.isSafeInteger(options.seed) || options.seed < 0) fail(serverError('seed_invalid', { value: String(options.seed) }));
  if (!Number.isInteger(chunksPerDocument) || chunksPerDocument < 1 || chunksPerDocument > 100)
    fail(wholeNumberRange('chunksPerDocument', 1, 100, chunksPerDocument));
  if (options.selectivities.length === 0) fail(serverError('no_selectivity'));
  for (const s of options.selectivities) if (!(s > 0 && s <= 1)) fail(serverError('selectivity_range', { value: String(s) }));
  const ids = options.selectivities.map(benchPrincipalId);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) fail(serverError('selectivities_same_principal', { principal: duplicate }));
  return { ...options, chunksPerDocument };
}

interface GeneratedDocument {
  readonly meta: Omit<LoadedDocument, 'acl' | 'chunks' | 'document_id'>;
  readonly body: string;
  readonly sections: number;
}

/**
 * Document `index`, from its own random stream: at most `maxSections` sections, each a `##`
 * heading and one paragraph, so the real markdown chunker makes exactly one chunk per section.
 */
function generateDocument(vocabulary: Vocabulary, seed: number, index: number, meanChunks: number, maxSections: number): GeneratedDocument {
  const random = createRandom(mixSeed(seed, DOCUMENT_STREAM, index));
  const sections = Math.min(maxSections, 1 + random.below(2 * meanChunks - 1));
  const language: SyntheticLanguage = random.next() < KOREAN_SHARE ? 'ko' : 'en';
  const docType = DOC_TYPES[random.below(DOC_TYPES.length)] as string;
  const created = EPOCH + random.below(900) * DAY;
  const updated = created + random.below(200) * DAY;
  const title = syntheticHeading(vocabulary, language, random);
  const parts: string[] = [];
  for (let i = 0; i < sections; i++)
    parts.push(`## ${syntheticHeading(vocabulary, language, random)}\n\n${syntheticParagraph(vocabulary, language, random)}`);
  const id = documentId(index);
  return {
    meta: {
      file: `synthetic/${id}.md`,
      title: `${title.charAt(0).toUpperCase()}${title.slice(1)}`,
      doc_type: docType,
      language,
      source_uri: `synthetic://bench/${id}`,
      source_version: String(1 + random.below(9)),
      created_at: new Date(created).toISOString(),
      updated_at: new Date(updated).toISOString(),
      valid_from: null,
      valid_to: null,
      adr: null,
    },
    body: `${parts.join('\n\n')}\n`,
    sections,
  };
}

/**
 * For each selectivity, documents in the order of a permutation of its own (so allowed chunks are
 * spread over the id space and the sets of two principals are independent, not nested), taken while
 * they fit in round(s × chunks). Documents that do not fit are skipped, so smaller ones fill the gap:
 * the reach misses the target by less than the largest document, usually by nothing.
 */
function assignReach(
  sizes: Uint16Array,
  total: number,
  selectivities: readonly number[],
  seed: number,
): { member: Uint8Array[]; reach: SyntheticReach[] } {
  const member: Uint8Array[] = [];
  const reach: SyntheticReach[] = [];
  selectivities.forEach((selectivity, k) => {
    const target = Math.round(selectivity * total);
    const chosen = new Uint8Array(sizes.length);
    const order = permutation(sizes.length, createRandom(mixSeed(seed, ACL_STREAM, k)));
    let chunks = 0;
    let documents = 0;
    for (const index of order) {
      if (chunks === target) break;
      const size = sizes[index] as number;
      if (chunks + size > target) continue;
      chosen[index] = 1;
      chunks += size;
      documents += 1;
    }
    member.push(chosen);
    const id = benchPrincipalId(selectivity);
    reach.push({ principal_id: id, group_id: `g-${id}`, selectivity, target_chunks: target, chunks, documents });
  });
  return { member, reach };
}

/** Evidence quoting the start of `chunk`. */
function evidenceIn(chunk: LoadedChunk, id: string): LoadedEvidence {
  const quote = chunk.text.slice(0, QUOTE_CHARS);
  return { evidence_id: id, chunk_id: chunk.chunk_id, quote, start_char: 0, end_char: quote.length };
}

/**
 * One claim per document, as a graph built from real documents has them: supported by evidence in one
 * of the document's chunks and in a chunk of another document drawn from the claim's own random
 * stream, so graph mode's expansion from a seed reaches other documents' chunks, which the access
 * rule then judges (for a principal of small reach, mostly ones it may not see).
 */
function syntheticClaims(documents: readonly LoadedDocument[], seed: number): LoadedClaim[] {
  return documents.map((doc, index) => {
    const random = createRandom(mixSeed(seed, CLAIM_STREAM, index));
    const own = doc.chunks[random.below(doc.chunks.length)] as LoadedChunk;
    const evidence = [evidenceIn(own, `bench-evidence-${index}-0`)];
    if (documents.length > 1) {
      const other = documents[(index + 1 + random.below(documents.length - 1)) % documents.length] as LoadedDocument;
      evidence.push(evidenceIn(other.chunks[random.below(other.chunks.length)] as LoadedChunk, `bench-evidence-${index}-1`));
    }
    return {
      claim_id: `bench-claim-${String(index).padStart(7, '0')}`,
      text: `${doc.title}: ${own.text.slice(0, QUOTE_CHARS)}`,
      about: [],
      evidence,
    };
  });
}

/**
 * A synthetic graph for benchmarks: `chunks` chunks in documents of random size with Zipf-distributed
 * English-like and Korean-like text (through the real markdown chunker), all in workspace
 * `ws-bench`, restricted, and shared by `allowed_groups` so that principal `bench-s<percent>`
 * (member of group `g-bench-s<percent>`) may see the chosen fraction of all chunks under the
 * default access rule; one claim per document with evidence in two documents' chunks (see
 * `syntheticClaims`). Deterministic for a seed.
 */
export function buildSyntheticCorpus(options: SyntheticGraphOptions): SyntheticCorpus {
  const { chunks: total, selectivities, seed, chunksPerDocument } = validate(options);
  const vocabulary = syntheticVocabulary(seed);
  const generated: GeneratedDocument[] = [];
  for (let written = 0; written < total;) {
    const doc = generateDocument(vocabulary, seed, generated.length, chunksPerDocument, total - written);
    generated.push(doc);
    written += doc.sections;
  }
  const sizes = Uint16Array.from(generated, (doc) => doc.sections);
  const { member, reach } = assignReach(sizes, total, selectivities, seed);

  const documents: LoadedDocument[] = generated.map((doc, index) => {
    const id = documentId(index);
    const acl: DocumentAcl = {
      workspace_id: SYNTHETIC_WORKSPACE,
      visibility: 'restricted',
      owner_id: `bench-owner-${index % 97}`,
      allowed_groups: reach.filter((_, k) => member[k]?.[index] === 1).map((r) => r.group_id),
      acl_partition: SYNTHETIC_PARTITION,
    };
    const chunks: LoadedChunk[] = chunkMarkdown(doc.body).map((chunk) => ({
      chunk_id: `${id}#${chunk.position}`,
      position: chunk.position,
      text: chunk.text,
      start_char: chunk.start_char,
      end_char: chunk.end_char,
      heading_path: chunk.heading_path,
      acl_partition: SYNTHETIC_PARTITION,
    }));
    if (chunks.length !== doc.sections) {
      throw codedError('internal', serverError('synthetic_sections_split', { id, sections: doc.sections, chunks: chunks.length }), {
        hint: serverError('synthetic_sections_split_hint'),
      });
    }
    return { document_id: id, ...doc.meta, acl, chunks };
  });

  const claims = syntheticClaims(documents, seed);
  const principals: PrincipalRecord[] = reach.map((r) => ({
    principal_id: r.principal_id,
    display_name: `Benchmark principal, ${percentLabel(r.selectivity)}% reach`,
    workspace_id: SYNTHETIC_WORKSPACE,
    groups: [r.group_id],
    acl_partitions: [SYNTHETIC_PARTITION],
    description: `may see ${r.chunks} of ${total} chunks (selectivity ${r.selectivity})`,
  }));
  const plan: LoadPlan = {
    documents,
    supersessions: [],
    claims,
    entities: [],
    entityLinks: [],
    principals,
    groups: reach.map((r) => ({ group_id: r.group_id, name: `Reach ${percentLabel(r.selectivity)}%` })),
    failed: [],
    warnings: [],
    warningMessages: [],
    skipped: [],
    aclDefaults: tallyAclDefaults([]),
    adrs: adrLoadReport([], [], []),
    readyPrincipals: readyPrincipals(documents, principals).ready,
  };
  const indexOf = new Map(documents.map((doc, index) => [doc.document_id, index]));
  return {
    plan,
    reach,
    bodyOf(id) {
      const index = indexOf.get(id);
      if (index === undefined) throw codedError('not_found', serverError('no_synthetic_document', { id }));
      return generateDocument(vocabulary, seed, index, chunksPerDocument, sizes[index] as number).body;
    },
  };
}

/** The load plan of {@link buildSyntheticCorpus}. */
export function buildSyntheticPlan(options: SyntheticGraphOptions): LoadPlan {
  return buildSyntheticCorpus(options).plan;
}
