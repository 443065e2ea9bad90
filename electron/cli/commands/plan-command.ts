import { Command } from 'commander';
import { isLensError } from '../../../shared/lens-error';
import { runNotFound } from '../../trace-store/store-errors';
import { EXIT_CODES, printJson } from '../cli-output';
import { wholeNumber } from './neo4j-command';

/** `lens explain-plan <trace_id> <n>`: the Cypher a stored run's query ran, its parameters, and its EXPLAIN plan. */
export function planCommand(): Command {
  return new Command('explain-plan')
    .description(
      "show query n of a stored run (its Cypher and the parameters the trace kept, as Neo4j Browser :param lines) and its EXPLAIN plan, asked through the read-only guard: the query does not run; exit 3 when it is refused or a parameter's secret was removed",
    )
    .argument('<trace_id>', 'the run, as `lens traces list` shows it')
    .argument('<n>', 'the query, numbered from 1 in the order `lens traces show` lists them', wholeNumber(1, 100_000))
    .option('--json', 'print { query, result } as JSON')
    .option('--timeout-ms <n>', "deadline for EXPLAIN (default: the run's own timeout_ms)", wholeNumber(1, 600_000))
    .action(async (traceId: string, n: number, options: { json?: boolean; timeoutMs?: number }) => {
      const [{ withCliDoor }, { formatQueryPlan }] = await Promise.all([import('../cli-door'), import('../plan-lines')]);
      const { run, result } = await withCliDoor(async (door) => {
        const stored = await door.call('traces.get', { trace_id: traceId });
        return {
          run: stored,
          result: await door.call('cypher.explain', {
            trace_id: traceId,
            index: n - 1,
            ...(options.timeoutMs === undefined ? {} : { timeout_ms: options.timeoutMs }),
          }),
        };
      }).catch((error: unknown) => {
        throw isLensError(error) && error.kind === 'not_found' && /trace id/.test(error.message) ? runNotFound(traceId) : error;
      });
      const query = run.queries[n - 1]!;
      if (options.json) printJson({ query, result });
      else process.stdout.write(formatQueryPlan(query, n, run.queries.length, result));
      if (result.status !== 'plan') process.exitCode = EXIT_CODES.refused;
    });
}
