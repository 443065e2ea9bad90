import { Command } from 'commander';
import { storeError } from '../../../shared/errors/store-error-messages';
import { CodedArgumentError } from './argument-error';
import type { SyntheticLoadSummary } from '../../demo-graph/synthetic-load';
import type { SyntheticVectors } from '../../demo-graph/synthetic-vectors';
import { printJson, terminalProgress } from '../cli-output';
import { wholeNumber } from './neo4j-command';
import { wordCliMessage } from '../../../shared/cli-messages';
import { coreEnglish } from '../../../shared/core-catalogues';
import { demoLoadMessage } from '../../../shared/demo-load-messages';

/** Parses `0.001,0.01,0.1,0.5,1` into selectivities in (0, 1]. */
export function selectivityList(value: string): number[] {
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  const numbers = parts.map(Number);
  if (parts.length === 0 || numbers.some((n) => !(n > 0 && n <= 1))) {
    throw new CodedArgumentError(storeError('arg_fractions_part', { value }));
  }
  return numbers;
}

// Kept here rather than imported, so defining the command loads no generator code.
const VECTOR_KINDS: readonly SyntheticVectors[] = ['hashing', 'clustered'];

/** Parses `hashing` or `clustered`. */
export function vectorKind(value: string): SyntheticVectors {
  const kind = VECTOR_KINDS.find((k) => k === value.trim());
  if (!kind) throw new CodedArgumentError(storeError('arg_one_of_part', { choices: VECTOR_KINDS.join(', '), value }));
  return kind;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The synth summary for a person. */
export function formatSynthSummary(summary: SyntheticLoadSummary): string {
  const c = summary.counts;
  const t = summary.timings_ms;
  const lines = [
    summary.skipped
      ? wordCliMessage('synth_skipped', { target: summary.target, plan: summary.plan_hash.slice(0, 12) })
      : coreEnglish(demoLoadMessage('loaded', { source: summary.source, target: summary.target, seconds: (t.total / 1000).toFixed(1) })),
    ...(c ? [`  ${c.documents} documents, ${c.chunks} chunks, ${c.principals} principals, ${c.groups} groups`] : []),
    `  ${wordCliMessage('synth_time', { generate: seconds(t.generate), hash: seconds(t.hash), write: seconds(t.write) })}`,
    `  ${coreEnglish(demoLoadMessage('embeddings', { name: summary.embedder.name, kind: summary.embedder.kind, dimensions: String(summary.embedder.dimensions) }))}`,
    `  ${wordCliMessage('synth_reach_head')}`,
    ...summary.reach.map(
      (r) =>
        `    ${wordCliMessage('synth_reach', {
          principal: r.principal_id.padEnd(14),
          chunks: String(r.chunks).padStart(9),
          documents: String(r.documents).padStart(7),
          target: r.target_chunks,
          selectivity: r.selectivity,
        })}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** `lens demo synth --chunks N --selectivities a,b,c [--seed N] [--vectors hashing|clustered] [--json]`: a synthetic graph for benchmarks, on the local demo server only. */
export function synthCommand(): Command {
  return new Command('synth')
    .description(
      "replace the local demo server's graph with a synthetic one of N chunks and principals of chosen ACL selectivity (bench-s<percent>)",
    )
    .option('--chunks <n>', 'chunks in the graph', wholeNumber(1, 10_000_000), 100_000)
    .option('--selectivities <list>', 'fractions of all chunks each principal may see', selectivityList, [0.001, 0.01, 0.1, 0.5, 1])
    .option('--seed <n>', 'seed of the generator (same seed, same graph)', wholeNumber(0, Number.MAX_SAFE_INTEGER), 1)
    .option('--chunks-per-document <n>', 'mean chunks per document', wholeNumber(1, 100), 4)
    .option(
      '--vectors <kind>',
      'chunk vectors: hashing (lexical) or clustered (synthetic model-like topic clusters)',
      vectorKind,
      'hashing',
    )
    .option('--json', 'print the summary as JSON')
    .action(
      async (options: {
        chunks: number;
        selectivities: number[];
        seed: number;
        chunksPerDocument: number;
        vectors: SyntheticVectors;
        json?: boolean;
      }) => {
        const { loadSyntheticGraph } = await import('../../demo-graph/synthetic-load');
        const progress = terminalProgress();
        const summary = await loadSyntheticGraph({ ...options, progress });
        progress.done();
        if (options.json) printJson(summary);
        else process.stdout.write(formatSynthSummary(summary));
      },
    );
}
