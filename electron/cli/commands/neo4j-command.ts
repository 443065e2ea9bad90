import { Command } from 'commander';
import { storeError } from '../../../shared/errors/store-error-messages';
import { CodedArgumentError } from './argument-error';
import { DEFAULT_BOLT_PORT } from '../../neo4j-server/server-state';
import { DEFAULT_NEO4J_VERSION } from '../../neo4j-server/neo4j-versions';
import { printJson, terminalProgress } from '../cli-output';
import { wordCliMessage } from '../../../shared/cli-messages';

/**
 * A flag's value as a whole number, when it is written in plain decimal digits (a minus sign allowed,
 * so the range check words a negative value); null for anything else. `Number` alone also reads
 * `0x10` as 16, `1e1` as 10, ` 10 ` as 10 and `` as 0, so `--top-k 0x10` asked for 16 items.
 */
function decimalInteger(value: string): number | null {
  return /^-?\d+$/.test(value) ? Number(value) : null;
}

/**
 * A whole number whose range the request's own schema checks (and words, with the real range): the
 * flag only refuses what is no whole number at all, naming no range of its own.
 */
export function anyWholeNumber(value: string): number {
  const parsed = decimalInteger(value);
  // A whole number too long to hold exactly (`--top-k 99999999999999999999999`) is still a whole number: the request's range refuses it,
  // naming the range, rather than this flag saying it is no whole number. Only one past every number (Infinity) is refused here.
  if (parsed === null || !Number.isFinite(parsed)) throw new CodedArgumentError(storeError('arg_whole_number_part', { value }));
  return parsed;
}

/**
 * A whole number option from `min` to `max`, for commander. An empty or blank value is refused, not
 * read as 0 as `Number('')` is: `prune --keep "$KEEP"` with KEEP unset deleted every run.
 */
export function wholeNumber(min: number, max: number) {
  return (value: string): number => {
    const parsed = decimalInteger(value);
    if (parsed === null || parsed < min || parsed > max)
      throw new CodedArgumentError(storeError('arg_whole_number_range_part', { min, max, value }));
    return parsed;
  };
}

/** `lens neo4j start | stop | status`: the local demo server. */
export function neo4jCommand(): Command {
  const command = new Command('neo4j').description('start, stop or inspect the local Neo4j demo server (Bolt on 127.0.0.1 only)');

  command
    .command('start')
    .description('start the local Neo4j (or reuse the running one) and wait until Bolt answers')
    .option(
      '--neo4j-version <version>',
      `Neo4j release from Maven Central: ${DEFAULT_NEO4J_VERSION} (5.26 LTS, Java 17/21) or 2025.10+ (Java 21/25)`,
      DEFAULT_NEO4J_VERSION,
    )
    .option('--port <port>', 'Bolt port on 127.0.0.1', wholeNumber(1024, 65535), DEFAULT_BOLT_PORT)
    .option('--heap-mb <mb>', 'Java heap of the server', wholeNumber(256, 65536), 1024)
    .option('--page-cache-mb <mb>', 'Neo4j page cache', wholeNumber(64, 65536), 512)
    .option('--no-warm', 'do not warm a server just started (its query plans and pages) for the first queries')
    .option('--json', 'print the result as JSON')
    .action(async (options: { neo4jVersion: string; port: number; heapMb: number; pageCacheMb: number; warm: boolean; json?: boolean }) => {
      const { startLocalServer } = await import('../../neo4j-server/local-server');
      const progress = terminalProgress();
      const server = await startLocalServer({
        version: options.neo4jVersion,
        port: options.port,
        heapMb: options.heapMb,
        pageCacheMb: options.pageCacheMb,
        progress,
      });
      // A server just started has made no plan and read no page: each later command is a connection of its own,
      // so its first query would pay for them inside its deadline. A server reused is as warm as its use made it.
      const warmup = options.warm && !server.reused ? await import('../../services/server-warmup') : null;
      const warm = warmup && warmup.warmSummary(await warmup.warmDemoServer(process.env, progress));
      progress.done();
      if (options.json) {
        printJson({
          bolt_uri: server.boltUri,
          neo4j_version: server.version,
          pid: server.pid,
          reused: server.reused,
          startup_ms: server.startupMs,
          log_file: server.logFile,
          dbms_home: server.dbmsHome,
          warm,
        });
      } else {
        process.stdout.write(
          `${server.reused ? wordCliMessage('neo4j_reusing', { version: server.version, pid: server.pid }) : wordCliMessage('neo4j_started', { version: server.version, pid: server.pid, seconds: (server.startupMs / 1000).toFixed(1) })}\n${server.boltUri}\n`,
        );
      }
    });

  command
    .command('stop')
    .description('stop the local Neo4j cleanly')
    .option('--json', 'print the result as JSON')
    .action(async (options: { json?: boolean }) => {
      const { stopLocalServer } = await import('../../neo4j-server/local-server');
      const result = await stopLocalServer();
      if (options.json) printJson(result);
      else process.stdout.write(`${result.message}\n`);
    });

  command
    .command('status')
    .description('say whether the local Neo4j runs, where, and whether Bolt answers')
    .option('--json', 'print the result as JSON')
    .action(async (options: { json?: boolean }) => {
      const { localServerStatus } = await import('../../neo4j-server/local-server');
      const status = await localServerStatus();
      if (options.json) printJson(status);
      else process.stdout.write(`${status.message}\n`);
    });
  return command;
}
