import { AdrDatedBy, AdrSuccessor, type AdrEntry, type AdrListing } from '../../shared/adr-marks';
import { Deadline } from '../../shared/deadline';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { StaleMark } from '../../shared/trace-record';
import type { GraphGateway, PlainRow } from '../graph/read-gateway';
import type { NodeProps } from '../retrieval/candidate';
import { text } from '../retrieval/candidate';
import { assessFreshness } from '../retrieval/freshness';
import { freshnessFacts } from '../retrieval/output-stages';
import { adrsWithSuccessors } from './adr-queries';

/** How long the listing may read the graph. */
const LIST_TIMEOUT_MS = 20_000;

/** What the listing reads besides the graph: the marks in force and the instant to judge at. */
export interface AdrListingContext {
  readonly gateway: GraphGateway;
  readonly profile: SchemaProfile;
  readonly staleMarks: readonly StaleMark[];
  readonly now: Date;
}

/**
 * Every ADR of the graph with the freshness a retrieval would give it now (local stale marks
 * included, through the same rules), its successors and the mark in force. Reads through the
 * read-only gateway.
 */
export async function listAdrs(context: AdrListingContext): Promise<AdrListing> {
  const result = await context.gateway.read(
    adrsWithSuccessors(context.profile),
    {},
    {
      deadline: Deadline.after(LIST_TIMEOUT_MS),
      stage: 'adr-list',
    },
  );
  return { adrs: result.rows.map((row) => adrEntry(row, context)), truncated: result.truncated };
}

/** The freshness of one document as a later run would label it, marks included. */
export function documentFreshness(document: NodeProps, context: Omit<AdrListingContext, 'gateway'>): AdrEntry['freshness'] {
  return assessFreshness(freshnessFacts(document, context.profile), { staleMarks: context.staleMarks, now: context.now });
}

function adrEntry(row: PlainRow, context: AdrListingContext): AdrEntry {
  const document = (row.document ?? {}) as NodeProps;
  const { properties: P } = context.profile;
  const documentId = text(document, P.document.id) ?? '';
  const superseded_by = ((row.successors ?? []) as unknown[]).map((successor) => AdrSuccessor.parse(successor));
  return {
    document_id: documentId,
    adr_id: text(document, P.adr.id),
    title: text(document, P.document.title),
    status: text(document, P.adr.status),
    status_text: text(document, P.adr.statusText),
    decided_at: text(document, P.adr.decidedAt),
    dated_by: datedBy(text(document, P.adr.datedBy)),
    freshness: documentFreshness(document, context),
    superseded_by,
    drift: superseded_by.some((successor) => successor.drift),
    mark: context.staleMarks.find((mark) => mark.document_id === documentId) ?? null,
    suggestions: [],
  };
}

/** What the record's date is the date of, as the loader wrote it; null for any other value (a graph another loader wrote). */
function datedBy(value: string | null): AdrEntry['dated_by'] {
  const parsed = AdrDatedBy.safeParse(value);
  return parsed.success ? parsed.data : null;
}
