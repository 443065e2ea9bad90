import type { StageEntry } from './retrieval-stages';
import { outcomeMessage } from '../../shared/outcome-messages';
import { stageNote } from '../../shared/stage-note-messages';
import { roundToTenths } from '../../shared/round-to-tenths';
import type { Text2CypherRecord, Text2CypherRefusal } from '../../shared/text2cypher';
import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage } from '../../shared/core-message';
import { guardMessage } from '../../shared/cypher/guard-messages';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { readGraphSchema, type GraphSchema } from '../graph/graph-schema';
import type { GraphCapabilities } from './graph-capabilities';
import type { ChatModel } from '../llm/chat-model';
import { extractCypher } from '../llm/cypher-extraction';
import { text2CypherMessages } from '../llm/text2cypher-prompt';
import { isLensError } from '../../shared/lens-error';
import { RequestFailure } from './request-validation';
import type { RetrievalRun } from './retrieval-run';
import type { Retriever } from './retriever';
import { candidatesFromUntrustedRows, type UntrustedCandidates } from './untrusted-rows';

/** The stage name of the mode's query, and the mechanism its post-filter counts are kept under. */
const STAGE = 'text2cypher';

/**
 * The most rows a generated query may return: four per requested item (a query may give a chunk on
 * several rows), at least 40. The prompt asks for `LIMIT $top_k`, so a query past the cap is an
 * unbounded match, refused rather than cut.
 */
export function text2CypherRowCap(topK: number): number {
  return Math.max(4 * topK, 40);
}

/** The chat model, or a refusal saying how to turn the mode on. */
function chatOf(run: RetrievalRun): ChatModel {
  if (!run.chat) throw new RequestFailure('invalid_request', outcomeMessage('text2cypher_no_model'));
  if (!run.chat.text2cypherEnabled)
    throw new RequestFailure('invalid_request', outcomeMessage('text2cypher_not_enabled', { model: run.chat.model }));
  return run.chat;
}

const since = (started: number) => roundToTenths(performance.now() - started);

/** Records the generated query's state, so a refused or failed run still keeps what the model wrote. */
function keep(run: RetrievalRun, record: Text2CypherRecord): Text2CypherRecord {
  run.log.generated = record;
  return record;
}

/** Ends the run with the refusal recorded: the rule and reason are the run's message, the Cypher is in the trace. */
function refuse(run: RetrievalRun, record: Text2CypherRecord, refusal: Text2CypherRefusal): never {
  keep(run, { ...record, verdict: refusal });
  const { rule, reason, reason_code: code, reason_params: params } = refusal;
  const said = code === undefined ? reason : [{ code, params: params ?? {} }];
  throw new RequestFailure('invalid_response', outcomeMessage('text2cypher_refused', { rule, reason: said }));
}

/**
 * A generated query Neo4j refused while running it (a syntax or type error, an error the query
 * raises) is the model's failure, not the request's: `invalid_response`, never "fix the query text".
 * Timeouts and outages stay what they are.
 */
function failedAsTheModels(run: RetrievalRun, record: Text2CypherRecord, error: unknown): never {
  if (!isLensError(error) || error.kind !== 'invalid_input') throw error;
  keep(run, record);
  const reason = error.said ? [error.said] : error.message;
  throw new RequestFailure('invalid_response', outcomeMessage('text2cypher_query_failed', { model: record.model, reason }));
}

/** A refusal of this mode's own (the guard's come with their codes already). */
function ownRefusal(rule: 'no_cypher' | 'row_cap', reason: CoreMessage): Text2CypherRefusal {
  return { allowed: false, rule, reason: coreEnglish(reason), reason_code: reason.code, reason_params: reason.params ?? {} };
}

// The capabilities are read once per gateway and shared by its runs, so keying on them reads the
// schema once per graph connection too (three procedures that scan the graph; a failed read is not kept).
const schemas = new WeakMap<GraphCapabilities, Promise<GraphSchema>>();

/** The graph's schema, introspected by the first text2cypher run on this connection (and logged with it). */
function schemaOf(run: RetrievalRun, deadline: RetrievalRun['deadline']): Promise<GraphSchema> {
  const cached = schemas.get(run.capabilities);
  if (cached) return cached;
  const pending = readGraphSchema((query) => run.log.read(query, {}, { deadline, stage: `${STAGE}_schema` }));
  schemas.set(run.capabilities, pending);
  pending.catch(() => schemas.delete(run.capabilities));
  return pending;
}

/** Asks the model for a query from the introspected schema; the Cypher taken from its reply, or null. */
async function generate(run: RetrievalRun, chat: ChatModel): Promise<string | null> {
  const deadline = run.deadline.stage(0.5);
  const schema = await schemaOf(run, deadline);
  const reply = await chat.complete(
    retrievalError('call_text2cypher'),
    text2CypherMessages(run.request.query, schema, run.profile),
    deadline,
  );
  return extractCypher(reply);
}

/** Guards and runs the generated query; its rows as candidates (post-filtered), or a recorded refusal. */
async function guardAndRun(run: RetrievalRun, cypher: string, record: Text2CypherRecord): Promise<UntrustedCandidates> {
  // The question reaches the query only as a parameter, never as text.
  const params = { query: run.request.query, top_k: run.request.top_k };
  const deadline = run.deadline.stage(0.7);
  const guardStarted = performance.now();
  const verdict = await run.log.checkUntrusted(cypher, params, deadline);
  const guarded = keep(run, { ...record, timings: { ...record.timings, guard_ms: since(guardStarted) } });
  if (!verdict.allowed) refuse(run, guarded, verdict);
  const runStarted = performance.now();
  const result = await run.log
    .readUntrusted(cypher, params, { deadline, stage: STAGE, rowCap: record.row_cap })
    .catch((error: unknown) => failedAsTheModels(run, guarded, error));
  const ran = { ...guarded, rows: result.rows.length, timings: { ...guarded.timings, run_ms: since(runStarted) } };
  if (result.truncated) refuse(run, ran, ownRefusal('row_cap', guardMessage('row_cap', { cap: record.row_cap })));
  // The rows' own scores are not kept: the query may compute them from anything in the graph,
  // restricted nodes included, so an item's score would carry what its principal may not see.
  const found = await candidatesFromUntrustedRows(run, result.rows, deadline, STAGE, { keepScores: false });
  keep(run, { ...ran, lacking_provenance: found.lackingProvenance });
  return found;
}

/**
 * `text2cypher` mode: a chat model writes Cypher from the introspected schema (no APOC) and a few
 * examples; the query must pass the gateway's guard (text checks, EXPLAIN type `r`, the procedure
 * and operator allowlists) and stay under the row cap, or the run is refused with the rule. Its rows
 * become candidates only when they name a chunk and a source, each re-checked against the
 * principal's access rule like a template's; the Cypher, the verdict and the timings are kept.
 */
async function text2CypherCandidates(run: RetrievalRun): Promise<UntrustedCandidates> {
  const chat = chatOf(run);
  const started = performance.now();
  const cypher = await generate(run, chat);
  const record: Text2CypherRecord = {
    model: chat.model,
    cypher,
    verdict: { allowed: true },
    row_cap: text2CypherRowCap(run.request.top_k),
    timings: { generate_ms: since(started) },
  };
  if (cypher === null) refuse(run, record, ownRefusal('no_cypher', guardMessage('no_cypher', { model: chat.model })));
  return guardAndRun(run, cypher, keep(run, record));
}

/** The mode's stage record: rows in, candidates out, and how it ended when it did not give candidates. */
function stageRecord(run: RetrievalRun, found: UntrustedCandidates | null, durationMs: number): StageEntry {
  const rows = run.log.generated?.rows ?? 0;
  const verdict = run.log.generated?.verdict;
  const note =
    found !== null
      ? stageNote('text2cypher_rows', { rows, lacking: found.lackingProvenance })
      : verdict && !verdict.allowed
        ? stageNote('text2cypher_refused', { rows, rule: verdict.rule })
        : stageNote('text2cypher_failed', { rows });
  return {
    name: STAGE,
    strategy: `model:${run.chat?.model ?? 'none'}`,
    duration_ms: durationMs,
    candidates_in: rows,
    candidates_out: found?.candidates.length ?? 0,
    acl: run.acl ? 'postfilter' : 'none',
    note,
  };
}

/** `text2cypher` mode, recorded as one stage whether it gives candidates, is refused or fails. */
export const text2CypherRetriever: Retriever = {
  embedsQuery: false,
  searchesWords: false,
  retrieve: async (run) => {
    const started = performance.now();
    let found: UntrustedCandidates | null = null;
    try {
      found = await text2CypherCandidates(run);
      return found;
    } finally {
      // A refused run keeps its stage too, so the timeline shows where it stopped.
      if (run.chat) run.log.stage(stageRecord(run, found, since(started)));
    }
  },
};
