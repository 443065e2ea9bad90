import type { AdrEntry, AdrListing } from '../../shared/adr-marks';
import { Deadline } from '../../shared/deadline';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { GraphGateway, PlainRow } from '../graph/read-gateway';
import { adrSuggestionTexts } from './adr-queries';
import { suggestStaleness, type SuggestionRecord } from './adr-suggestions';

/** How long the text read may take. */
const TEXT_TIMEOUT_MS = 30_000;
/** Each record's text is read up to this many characters; ADRs are rarely a fifth of it. */
export const SUGGESTION_TEXT_CAP_CHARS = 20_000;
/** At most this many linked entities per record. */
const MAX_ENTITIES = 200;

/** What one text row says of a record. */
interface TextRow {
  readonly path: string;
  readonly text: string;
  readonly capped: boolean;
  readonly entities: readonly string[];
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The path a record is named by in links: the loader's relative path, else the path of its address, else its id. */
function pathOf(row: PlainRow, documentId: string): string {
  const file = str(row.file);
  if (file !== null) return file;
  const address = str(row.source_uri);
  if (address !== null) return address.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/^\/+/, '');
  return `${documentId}.md`;
}

function textRow(row: PlainRow): [string, TextRow] {
  const documentId = String(row.document_id);
  const total = Number(row.total_chars ?? 0);
  return [
    documentId,
    {
      path: pathOf(row, documentId),
      text: typeof row.text === 'string' ? row.text : '',
      capped: total > SUGGESTION_TEXT_CAP_CHARS,
      entities: [...new Set(((row.entities ?? []) as unknown[]).map(String))].sort(),
    },
  ];
}

function recordOf(entry: AdrEntry, row: TextRow | undefined): SuggestionRecord {
  return {
    document_id: entry.document_id,
    adr_id: entry.adr_id,
    title: entry.title,
    status: entry.status,
    status_text: entry.status_text,
    decided_at: entry.decided_at,
    path: row?.path ?? `${entry.document_id}.md`,
    text: row?.text ?? '',
    entities: row?.entities ?? [],
    successors: entry.superseded_by,
    marked: entry.mark !== null,
  };
}

/**
 * The listing with each ADR's suggestions filled in (best first), from one bounded read of every
 * ADR's text through the read-only gateway; says which texts were cut at the cap.
 */
export async function withSuggestions(listing: AdrListing, gateway: GraphGateway, profile: SchemaProfile): Promise<AdrListing> {
  const result = await gateway.read(
    adrSuggestionTexts(profile),
    { maxChars: SUGGESTION_TEXT_CAP_CHARS, maxEntities: MAX_ENTITIES },
    { deadline: Deadline.after(TEXT_TIMEOUT_MS), stage: 'adr-suggestion-texts' },
  );
  const rows = new Map(result.rows.map(textRow));
  const suggestions = suggestStaleness(listing.adrs.map((entry) => recordOf(entry, rows.get(entry.document_id))));
  return {
    ...listing,
    adrs: listing.adrs.map((entry) => ({ ...entry, suggestions: suggestions.get(entry.document_id) ?? [] })),
    suggestion_reading: {
      text_cap_chars: SUGGESTION_TEXT_CAP_CHARS,
      capped: [...rows].filter(([, row]) => row.capped).map(([id]) => id),
      truncated: result.truncated,
    },
  };
}
