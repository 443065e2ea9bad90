import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { RouteChoice, type RouteRecord } from '../../shared/route-messages';
import { routeQuestion } from '../../electron/retrieval/query-router';
import { REPO_ROOT } from './test-env';

/** The auto mode's labelled routing set. */
export const ROUTING_SET = path.join(REPO_ROOT, 'test', 'fixtures', 'routing', 'questions.yaml');

/** A held-out set: the demo golden set's questions, labelled by the rules afterwards; measured, never fitted to. */
export const HELD_OUT_SET = path.join(REPO_ROOT, 'test', 'fixtures', 'routing', 'held-out.yaml');

const LabelledQuestion = z
  .object({
    id: z.string().min(1),
    language: z.enum(['en', 'ko']),
    route: RouteChoice,
    question: z.string().min(1),
    hard: z.boolean().optional(),
  })
  .strict();
export type LabelledQuestion = z.infer<typeof LabelledQuestion>;

/** Reads and checks the labelled set (ids unique). */
export function readRoutingSet(file = ROUTING_SET): LabelledQuestion[] {
  const questions = z.object({ questions: z.array(LabelledQuestion).min(1) }).parse(parseYaml(fs.readFileSync(file, 'utf8'))).questions;
  const ids = questions.map((entry) => entry.id);
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (repeated.length > 0) throw new Error(`${file}: question ids repeat: ${repeated.join(', ')}`);
  return questions;
}

/** One question's decision against its label. */
export interface RoutedQuestion {
  readonly entry: LabelledQuestion;
  readonly decision: RouteRecord;
  readonly correct: boolean;
}

/** Routes every question of the set. */
export function routeSet(questions: readonly LabelledQuestion[]): RoutedQuestion[] {
  return questions.map((entry) => {
    const decision = routeQuestion(entry.question);
    return { entry, decision, correct: decision.chosen === entry.route };
  });
}

/** Correct of total, for one group. */
export interface Accuracy {
  readonly group: string;
  readonly correct: number;
  readonly total: number;
  readonly accuracy: number;
}

function accuracyOf(group: string, routed: readonly RoutedQuestion[]): Accuracy {
  const correct = routed.filter((entry) => entry.correct).length;
  return { group, correct, total: routed.length, accuracy: routed.length === 0 ? 0 : correct / routed.length };
}

/** Accuracy over all, per language and per labelled route. */
export function routingAccuracy(routed: readonly RoutedQuestion[]): Accuracy[] {
  const groups = new Map<string, RoutedQuestion[]>();
  for (const entry of routed) {
    for (const group of [`language ${entry.entry.language}`, `route ${entry.entry.route}`]) {
      groups.set(group, [...(groups.get(group) ?? []), entry]);
    }
  }
  return [accuracyOf('all', routed), ...[...groups].sort(([a], [b]) => a.localeCompare(b)).map(([group, list]) => accuracyOf(group, list))];
}
