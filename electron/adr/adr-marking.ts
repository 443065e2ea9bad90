import type { AdrHistory, AdrListing, AdrListInput, AdrMarkResult, ExportFormat, AdrExport } from '../../shared/adr-marks';
import { Deadline } from '../../shared/deadline';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { GraphGateway } from '../graph/read-gateway';
import { documentOfSourcePath } from '../graph/source-path';
import type { NodeProps } from '../retrieval/candidate';
import type { TraceStore } from '../trace-store/trace-store';
import { documentFreshness, listAdrs } from './adr-listing';
import { documentsByIds } from './adr-queries';
import { withSuggestions } from './adr-suggesting';
import { resolveAdrReference, unknownAdr } from './adr-reference';
import { exportStaleMarks } from './stale-mark-export';
import { shortestChain, supersessionLinks } from './supersession-chain';

const READ_TIMEOUT_MS = 15_000;

/** What the stale-ADR operations run on: the read-only gateway, the profile, the trace store, who acts and when. */
export interface AdrServices {
  readonly gateway: GraphGateway;
  readonly profile: SchemaProfile;
  readonly store: Pick<TraceStore, 'listStaleMarks' | 'markStale' | 'unmarkStale' | 'staleMarkHistory'>;
  /** Who records a mark (LENS_USER or the OS user); asked only when something is recorded. */
  readonly actor: () => string;
  readonly now: () => Date;
}

/** Every ADR with its freshness now (marks included), successors and mark in force; with `suggestions`, also what the records do not say. */
export async function listAdrsNow(services: AdrServices, input: AdrListInput = {}): Promise<AdrListing> {
  const listing = await listAdrs({ ...services, staleMarks: services.store.listStaleMarks(), now: services.now() });
  return input.suggestions === true ? withSuggestions(listing, services.gateway, services.profile) : listing;
}

/** Marks an ADR (or any document) stale with a reason and perhaps a successor, both of which the graph must hold. */
export async function markAdr(services: AdrServices, input: { adr: string; reason: string; successor?: string }): Promise<AdrMarkResult> {
  const documentId = await resolveTarget(services, input.adr);
  const successorId = input.successor === undefined ? null : await resolveTarget(services, input.successor);
  if (successorId === documentId)
    throw codedError('invalid_input', retrievalError('adr_own_successor', { document: documentId }), {
      hint: retrievalError('adr_own_successor_hint'),
    });
  const documents = await readDocuments(services, [documentId, ...(successorId === null ? [] : [successorId])]);
  for (const id of [documentId, successorId]) {
    if (id !== null && !documents.has(id))
      throw codedError('not_found', retrievalError('adr_gone', { document: id }), { hint: retrievalError('adr_gone_hint') });
  }
  if (successorId !== null) await refuseLoop(services, documentId, successorId, documents.get(successorId) ?? null);
  const replaced = services.store.listStaleMarks().find((mark) => mark.document_id === documentId) ?? null;
  services.store.markStale({
    document_id: documentId,
    reason: input.reason,
    successor_document_id: successorId,
    marked_by: services.actor(),
    marked_at: services.now().toISOString(),
  });
  return { ...resultFor(services, documentId, documents.get(documentId) ?? null), replaced };
}

/**
 * A successor that leads back to the record marked: from the successor, step by step through what
 * supersedes what — the graph's supersession edges (as the ADR listing reads them), the successor's
 * own `superseded_by` property, and the marks in force — readers are sent back to it (ADR-007 marked
 * with ADR-002 as its successor, where the graph says ADR-002 → ADR-003 → ADR-007). Each record would
 * then tell readers to use another, and the current decision would read stale. The record's own mark
 * is left out: the new one replaces it. The hint fits the links of the chain: a chain the graph's own
 * records make cannot be undone by unmarking anything (lens never writes to the graph), while a chain
 * that runs through marks names them.
 */
async function refuseLoop(services: AdrServices, documentId: string, successorId: string, successor: NodeProps | null): Promise<void> {
  const marks = services.store.listStaleMarks();
  const { adrs } = await listAdrs({ ...services, staleMarks: marks, now: services.now() });
  const successorProperty = successor?.[services.profile.properties.document.supersededBy];
  const links = supersessionLinks({ documentId, successorId, successorProperty, adrs, marks });
  // The graph alone first: such a loop stays whatever is unmarked.
  const chain =
    shortestChain(links, successorId, documentId, ['graph']) ?? shortestChain(links, successorId, documentId, ['graph', 'mark']);
  if (chain === null) return;
  const named = [documentId, successorId, ...chain.map((step) => step.to)].join(' → ');
  const marked = chain.filter((step) => step.by === 'mark').map((step) => step.from);
  throw codedError('invalid_input', retrievalError('adr_successor_loop', { document: documentId, successor: successorId, chain: named }), {
    hint:
      marked.length === 0
        ? retrievalError('adr_successor_loop_graph_hint', { document: documentId, successor: successorId })
        : retrievalError('adr_successor_loop_hint', { successor: successorId, marked: marked.join(', '), first: marked[0] ?? '' }),
  });
}

/** Lifts the mark in force on an ADR with a reason; refused when none is in force. */
export async function unmarkAdr(services: AdrServices, input: { adr: string; reason: string }): Promise<AdrMarkResult> {
  const documentId = await resolveTarget(services, input.adr);
  const entry = services.store.unmarkStale({
    document_id: documentId,
    reason: input.reason,
    recorded_by: services.actor(),
    recorded_at: services.now().toISOString(),
  });
  if (entry === null)
    throw codedError('not_found', retrievalError('adr_no_mark', { document: documentId }), {
      hint: retrievalError('adr_no_mark_hint', { document: documentId }),
    });
  const documents = await readDocuments(services, [documentId]);
  return { entry, freshness: freshnessOf(services, documents.get(documentId) ?? null) };
}

/** The mark history of one ADR, or of every document when none is named, in the order recorded. */
export async function adrHistory(services: AdrServices, input: { adr?: string }): Promise<AdrHistory> {
  if (input.adr === undefined) return { document_id: null, entries: services.store.staleMarkHistory() };
  const documentId = await resolveTarget(services, input.adr);
  return { document_id: documentId, entries: services.store.staleMarkHistory(documentId) };
}

/** The change set of the marks in force (reads the store only). */
export function exportAdrMarks(services: AdrServices, format: ExportFormat): AdrExport {
  return exportStaleMarks(services.store.listStaleMarks(), format, services.profile, services.now());
}

/**
 * The document id a reference names: a document with a mark history by its exact id (no graph
 * needed), else an ADR of the graph by id or number, else any document of the graph by its exact id,
 * else the one document whose source ends in the reference read as a path (`adr/0005-결제-큐.md`: a
 * loaded file whose id the loader had to make up).
 */
async function resolveTarget(services: AdrServices, reference: string): Promise<string> {
  const knownIds = [...new Set(services.store.staleMarkHistory().map((entry) => entry.document_id))];
  if (knownIds.includes(reference)) return reference;
  const { adrs } = await listAdrsNow(services);
  const resolved = resolveAdrReference(reference, adrs, knownIds);
  if (resolved !== null) return resolved;
  if ((await readDocuments(services, [reference])).has(reference)) return reference;
  const bySource = await documentOfSourcePath(services.gateway, services.profile, reference, Deadline.after(READ_TIMEOUT_MS));
  if (bySource) return bySource.document_id;
  throw unknownAdr(reference, adrs, knownIds);
}

async function readDocuments(services: AdrServices, ids: readonly string[]): Promise<Map<string, NodeProps>> {
  const result = await services.gateway.read(
    documentsByIds(services.profile),
    { ids },
    {
      deadline: Deadline.after(READ_TIMEOUT_MS),
      stage: 'adr-documents',
    },
  );
  const idProperty = services.profile.properties.document.id;
  return new Map(result.rows.map((row) => [String((row.document as NodeProps)[idProperty]), row.document as NodeProps]));
}

function freshnessOf(services: AdrServices, document: NodeProps | null): AdrMarkResult['freshness'] {
  if (document === null) return null;
  return documentFreshness(document, { profile: services.profile, staleMarks: services.store.listStaleMarks(), now: services.now() });
}

function resultFor(services: AdrServices, documentId: string, document: NodeProps | null): AdrMarkResult {
  const entry = services.store.staleMarkHistory(documentId).at(-1);
  if (entry === undefined) throw codedError('internal', retrievalError('adr_mark_unreadable', { document: documentId }));
  return { entry, freshness: freshnessOf(services, document) };
}
