// `npm run bench:routing`: the auto mode's routing accuracy on the labelled set
// (test/fixtures/routing/questions.yaml) and on the held-out set (held-out.yaml: the demo golden
// set's questions, labelled afterwards). The router is pure, so no graph is needed. For each set it
// prints the accuracy over all, per language and per labelled route, and every misroute by id, and
// writes bench-results/routing-<time>.json with the same and each question's decision and cues.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/test-env';
import { HELD_OUT_SET, readRoutingSet, routeSet, routingAccuracy, ROUTING_SET, type Accuracy } from '../support/routing-set';
import { benchHost, formatColumns } from './bench-report';

const RESULTS = path.join(REPO_ROOT, 'bench-results');

const columns = [
  { title: 'group', right: false, value: (row: Accuracy) => row.group },
  { title: 'correct', right: true, value: (row: Accuracy) => String(row.correct) },
  { title: 'total', right: true, value: (row: Accuracy) => String(row.total) },
  { title: 'accuracy', right: true, value: (row: Accuracy) => `${(row.accuracy * 100).toFixed(1)}%` },
];

/** Routes one set, prints its table and misroutes, and returns what the JSON keeps of it. */
function measure(file: string) {
  const routed = routeSet(readRoutingSet(file));
  const table = routingAccuracy(routed);
  const misroutes = routed.filter((entry) => !entry.correct);
  process.stdout.write(`Routing accuracy on ${path.relative(REPO_ROOT, file)}\n\n${formatColumns(columns, table)}\n`);
  process.stdout.write(`\nMisroutes (${misroutes.length}):\n`);
  for (const entry of misroutes)
    process.stdout.write(`  ${entry.entry.id}: "${entry.entry.question}" labelled ${entry.entry.route}, routed ${entry.decision.chosen}\n`);
  process.stdout.write('\n');
  return {
    set: path.relative(REPO_ROOT, file),
    accuracy: table,
    misroutes: misroutes.map((entry) => ({ id: entry.entry.id, labelled: entry.entry.route, routed: entry.decision.chosen })),
    decisions: routed.map((entry) => ({ ...entry.entry, decision: entry.decision, correct: entry.correct })),
  };
}

const sets = [measure(ROUTING_SET), measure(HELD_OUT_SET)];

fs.mkdirSync(RESULTS, { recursive: true });
const out = path.join(RESULTS, `routing-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(out, `${JSON.stringify({ host: benchHost(), sets }, null, 2)}\n`);
process.stdout.write(`Wrote ${path.relative(REPO_ROOT, out)}\n`);
