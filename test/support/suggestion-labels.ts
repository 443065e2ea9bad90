import fs from 'node:fs';
import path from 'node:path';
import type { AdrSuggestion, AdrSuggestionKind } from '../../shared/adr-marks';
import type { LoadPlan } from '../../electron/corpus/corpus-model';
import type { SuggestionRecord } from '../../electron/adr/adr-suggestions';
import { REPO_ROOT } from './test-env';

/** The labelled fixture corpus of the stale-ADR suggestions (its README says what each folder holds). */
export const SUGGESTION_FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures', 'adr-suggestions');

/** One expected suggestion: the record, its kind and, when the label names one, the successor. */
export interface SuggestionLabel {
  readonly document_id: string;
  readonly kind: AdrSuggestionKind;
  readonly successor: string | null;
}

/** The labels of the fixture corpus (`labels.json`): every suggestion a person would want, and nothing else. */
export function suggestionLabels(): SuggestionLabel[] {
  const raw = JSON.parse(fs.readFileSync(path.join(SUGGESTION_FIXTURES, 'labels.json'), 'utf8')) as { expected: SuggestionLabel[] };
  return raw.expected;
}

/** Precision and recall of one kind, or of all kinds together. */
export interface PrecisionRecall {
  readonly kind: AdrSuggestionKind | 'all';
  readonly labelled: number;
  readonly suggested: number;
  readonly correct: number;
  /** correct / suggested; 1 when nothing was suggested. */
  readonly precision: number;
  /** correct / labelled; 1 when nothing was labelled. */
  readonly recall: number;
}

const KINDS: readonly AdrSuggestionKind[] = ['replacement_wording', 'opposite_decision', 'update_note', 'unnamed_successor'];

/**
 * Scores suggestions against labels. A suggestion is correct when a label has its record and kind
 * and, where the label names a successor, the same successor; each label is matched at most once.
 */
export function precisionRecall(
  suggestions: ReadonlyMap<string, readonly AdrSuggestion[]>,
  labels: readonly SuggestionLabel[],
): { perKind: PrecisionRecall[]; all: PrecisionRecall; wrong: string[]; missed: string[] } {
  const emitted = [...suggestions].flatMap(([document_id, list]) => list.map((s) => ({ document_id, s })));
  const matched = new Set<SuggestionLabel>();
  const wrong: string[] = [];
  const correctByKind = new Map<AdrSuggestionKind, number>();
  for (const { document_id, s } of emitted) {
    const label = labels.find(
      (l) =>
        !matched.has(l) &&
        l.document_id === document_id &&
        l.kind === s.kind &&
        (l.successor === null || l.successor === s.successor?.document_id),
    );
    if (label === undefined) wrong.push(`${document_id} ${s.kind} → ${s.successor?.document_id ?? '-'} (${s.score})`);
    else {
      matched.add(label);
      correctByKind.set(s.kind, (correctByKind.get(s.kind) ?? 0) + 1);
    }
  }
  const row = (kind: AdrSuggestionKind | 'all', labelled: number, suggested: number, correct: number): PrecisionRecall => ({
    kind,
    labelled,
    suggested,
    correct,
    precision: suggested === 0 ? 1 : correct / suggested,
    recall: labelled === 0 ? 1 : correct / labelled,
  });
  const perKind = KINDS.map((kind) =>
    row(kind, labels.filter((l) => l.kind === kind).length, emitted.filter((e) => e.s.kind === kind).length, correctByKind.get(kind) ?? 0),
  );
  const missed = labels.filter((l) => !matched.has(l)).map((l) => `${l.document_id} ${l.kind} → ${l.successor ?? '-'}`);
  return { perKind, all: row('all', labels.length, emitted.length, matched.size), wrong, missed };
}

/**
 * The records a load plan gives the suggestions, as the graph read gives them after the load: the
 * chunks in order joined by a blank line, the supersession edges, the entities its claims are about.
 */
export function suggestionRecordsOfPlan(plan: LoadPlan): SuggestionRecord[] {
  const chunkDocument = new Map(plan.documents.flatMap((doc) => doc.chunks.map((chunk) => [chunk.chunk_id, doc.document_id])));
  const entities = new Map<string, Set<string>>();
  for (const claim of plan.claims)
    for (const evidence of claim.evidence) {
      const documentId = chunkDocument.get(evidence.chunk_id);
      if (documentId === undefined) continue;
      const set = entities.get(documentId) ?? new Set<string>();
      for (const about of claim.about) set.add(about);
      entities.set(documentId, set);
    }
  const ids = new Map(plan.documents.map((doc) => [doc.document_id, doc.adr?.adr_id ?? null]));
  return plan.documents.flatMap((doc) =>
    doc.adr === null
      ? []
      : [
          {
            document_id: doc.document_id,
            adr_id: doc.adr.adr_id,
            title: doc.title,
            status: doc.adr.status,
            status_text: doc.adr.status_text,
            decided_at: doc.adr.decided_at,
            path: doc.file,
            text: doc.chunks.map((chunk) => chunk.text).join('\n\n'),
            entities: [...(entities.get(doc.document_id) ?? [])].sort(),
            successors: plan.supersessions
              .filter((edge) => edge.from_document_id === doc.document_id)
              .map((edge) => ({
                document_id: edge.to_document_id,
                adr_id: ids.get(edge.to_document_id) ?? null,
                partial: edge.partial,
                drift: edge.drift,
              })),
            marked: false,
          },
        ],
  );
}
