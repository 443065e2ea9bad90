import { text as propText, type Candidate, type NodeProps } from './candidate';
import { stageNote } from '../../shared/stage-note-messages';
import type { CoreMessage } from '../../shared/core-message';
import type { PlainRow } from '../graph/read-gateway';
import { BEFORE_CANDIDATES, postfilterIfEnabled } from './acl-enforcement';
import { countKeptOut } from './adaptive-overfetch';
import { entityHitKeys } from './chunk-keys';
import { candidatesFromRows, postfilteredHits } from './candidate-rows';
import { namedIn } from './entity-mentions';
import { CLAIM_CHUNK_WEIGHT, entityChunks, entityHits } from './entity-queries';
import { clauseBudget, luceneQueryFor } from './lucene-query';
import { adrIdSpellings, adrNumbersIn } from './query-router';
import type { RetrievalRun } from './retrieval-run';
import { timedStage } from './retrieval-stages';

/** The entity-names index hits read per question; the naming judge keeps those the question names. */
const ENTITY_HIT_LIMIT = 50;
export const ENTITY_STAGE = 'entity';

/** An entity the question names, and by which of its names. */
interface NamedEntity {
  readonly key: string;
  readonly label: string;
  readonly props: NodeProps;
  readonly namedBy: string;
}

/** What the entity stage found, for its stage note. */
interface EntitySignal {
  readonly candidates: Candidate[];
  readonly hits: number;
  /** The entities the question names that the principal may see. */
  readonly named: readonly NamedEntity[];
  /** How many more it names that the principal may not see: counted, never named. */
  readonly deniedEntities: number;
  readonly fetched: number;
}

/** The index hits and ADR documents the question names whole (entity-mentions.ts); an ADR was found by its number, so it is named. */
function namedEntities(rows: readonly Record<string, unknown>[], run: RetrievalRun, indexProperties: readonly string[]): NamedEntity[] {
  const adrLabel = run.profile.labels.adr;
  const adrId = run.profile.properties.adr.id;
  const seen = new Set<string>();
  const named: NamedEntity[] = [];
  for (const row of rows) {
    const key = String(row.key);
    const labels = Array.isArray(row.labels) ? row.labels.map(String) : [];
    const props = (row.props ?? {}) as NodeProps;
    if (seen.has(key)) continue;
    const isAdr = labels.includes(adrLabel);
    const namedBy = isAdr
      ? propText(props, adrId)
      : namedIn(
          run.request.query,
          indexProperties.map((name) => props[name]),
        );
    if (namedBy === null) continue;
    seen.add(key);
    named.push({ key, label: isAdr ? adrLabel : (labels[0] ?? ''), props, namedBy });
  }
  return named;
}

/**
 * Entities that carry access properties of their own are judged like documents before they are
 * used; an ADR is a document, judged by the document rule here (its chunks are judged again in the
 * candidate query), so an ADR number the principal may not see is counted, never named: the note
 * naming it told the principal the record exists. Denied entities are counted (access), never used.
 */
function visibleEntities(named: readonly NamedEntity[], run: RetrievalRun): { kept: NamedEntity[]; denied: number } {
  const kept: NamedEntity[] = [];
  let denied = 0;
  for (const entity of named) {
    const judged = entity.label === run.profile.labels.adr ? 'document' : 'entity';
    const verdict = run.acl ? run.checker[judged](entity.props, run.principal) : null;
    if (verdict === null || verdict.visible) {
      kept.push(entity);
      continue;
    }
    denied += 1;
    run.log.withheld.nodes(
      { stage: BEFORE_CANDIDATES, mechanism: ENTITY_STAGE, kind: 'access', reason: `${judged}:${verdict.reason}`, counts: 'entities' },
      [entity.key],
      named.length,
    );
  }
  return { kept, denied };
}

/** Reads the named entities' chunks under the access rule and the request's filters, at most `k`, best first. */
async function chunksAbout(
  run: RetrievalRun,
  entities: readonly NamedEntity[],
  k: number,
): Promise<{ candidates: Candidate[]; fetched: number }> {
  if (entities.length === 0) return { candidates: [], fetched: 0 };
  const hits = postfilteredHits(
    await run.log.read(
      entityChunks(run.profile, run.acl, run.filters.cypher, run.namedKeys),
      { ...run.aclParams, keys: entities.map((entity) => entity.key), claim_weight: CLAIM_CHUNK_WEIGHT, k },
      { deadline: run.deadline.stage(0.6), stage: ENTITY_STAGE },
    ),
  );
  countKeptOut(run, ENTITY_STAGE, hits);
  const rows = postfilterIfEnabled(run.acl !== null, hits.rows, run.checker, run.principal, run.log, {
    mechanism: ENTITY_STAGE,
    filters: run.filters,
  });
  return { candidates: candidatesFromRows(rows, ENTITY_STAGE), fetched: hits.fetched };
}

/** The entity stage's first read: the entity-names index (when the graph has one) and the ADR numbers the question holds. */
export interface EntityHitsRead {
  readonly withIndex: boolean;
  readonly params: Record<string, unknown>;
  /** The properties each hit is read with (`entityHitKeys`). */
  readonly keys: readonly string[];
}

/**
 * What the entity stage reads first for this run, or null when the stage has nothing to look for
 * (no entity index and no ADR number in the question: it is skipped with a note, never failed).
 */
export function entityHitsRead(run: RetrievalRun): EntityHitsRead | null {
  const adrIds = adrNumbersIn(run.request.query);
  const index = run.capabilities.entityIndex;
  if (!index && adrIds.length === 0) return null;
  // The index searches each word in every property it covers, so each property takes its share of Lucene's clause limit.
  const lucene = index ? luceneQueryFor(run.request.query, clauseBudget(0, index.properties.length)) : null;
  return {
    withIndex: index !== null && lucene !== null,
    keys: entityHitKeys(run.namedKeys, index?.properties ?? []),
    params: {
      entity_index: index?.name ?? null,
      entity_lucene: lucene?.text ?? null,
      entity_limit: ENTITY_HIT_LIMIT,
      adr_ids: adrIdSpellings(adrIds),
    },
  };
}

/** Entity-hit rows another read carries (see word-sides.ts): the read they answer, and the rows, null when that read never ran. */
export interface CarriedEntityHits {
  readonly read: EntityHitsRead;
  readonly rows: Promise<PlainRow[] | null>;
}

/** The entity-hit rows: those another read carried, else read here (also when the carrier's read never ran). */
async function hitRows(run: RetrievalRun, read: EntityHitsRead, carried: CarriedEntityHits | undefined): Promise<PlainRow[]> {
  const rows = carried ? await carried.rows : null;
  if (rows) return rows;
  const result = await run.log.read(entityHits(run.profile, read.withIndex, read.keys), read.params, {
    deadline: run.deadline.stage(0.3),
    stage: ENTITY_STAGE,
  });
  return result.rows;
}

async function findEntitySignal(
  run: RetrievalRun,
  k: number,
  read: EntityHitsRead,
  carried: CarriedEntityHits | undefined,
): Promise<EntitySignal> {
  const rows = await hitRows(run, read, carried);
  const named = namedEntities(rows, run, run.capabilities.entityIndex?.properties ?? []);
  const { kept, denied } = visibleEntities(named, run);
  const { candidates, fetched } = await chunksAbout(run, kept, k);
  // Only what the principal may see is named; a hidden entity's name (its whole indexed value) never reaches the note.
  return { candidates, hits: rows.length, named: kept, deniedEntities: denied, fetched };
}

function signalNote(signal: EntitySignal, run: RetrievalRun): CoreMessage {
  const index = run.capabilities.entityIndex;
  const source = index
    ? stageNote('entity_source_index', { hits: signal.hits, index: index.name })
    : stageNote('entity_source_adr', { index: run.profile.indexes.entityNames });
  const named = signal.named.map((entity) => `${entity.label} ${entity.namedBy}`).join(', ');
  return stageNote(signal.deniedEntities > 0 ? 'entity_signal_denied' : 'entity_signal', {
    source: [source],
    names: named === '' ? [stageNote('none')] : named,
    denied: signal.deniedEntities,
    fetched: signal.fetched,
  });
}

/**
 * The entity signal (hybrid, graph and auto): the question's words against the entity-names index
 * and its ADR numbers against the ADR documents; entities the question names whole lead to the chunks
 * about them (claims ABOUT the entity and their evidence chunks, the entity's own document), judged
 * by the access rule and the request's filters in the candidate query as the full-text side is.
 * Without an entity index and without an ADR number the side is skipped with a note, never failed.
 * The entity hits are read here unless another read carries them (`carried`, see word-sides.ts).
 */
export async function entityCandidates(run: RetrievalRun, k: number, carried?: CarriedEntityHits): Promise<Candidate[]> {
  const read = carried?.read ?? entityHitsRead(run);
  if (!read) {
    run.log.stage({
      name: ENTITY_STAGE,
      strategy: 'skipped',
      duration_ms: 0,
      candidates_in: 0,
      candidates_out: 0,
      acl: 'none',
      note: stageNote('entity_skipped', { index: run.profile.indexes.entityNames }),
    });
    return [];
  }
  const signal = await timedStage(
    run.log,
    ENTITY_STAGE,
    () => findEntitySignal(run, k, read, carried),
    (found) => ({
      strategy: run.capabilities.entityIndex ? 'entity_names_and_adr_ids' : 'adr_ids_only',
      candidates_in: found.fetched,
      candidates_out: found.candidates.length,
      acl: run.acl ? 'postfilter' : 'none',
      note: signalNote(found, run),
    }),
  );
  return signal.candidates;
}
