import { Command } from 'commander';
import { EXIT_CODES, printJson } from '../cli-output';

/** `lens guard check "<cypher>"`: the read-only gateway's verdict, running only EXPLAIN. */
export function guardCommand(): Command {
  const command = new Command('guard').description('the read-only gateway');
  command
    .command('check')
    .description(
      'say whether the gateway would run this Cypher (text checks, then the plan check: EXPLAIN on the server, read-only type and allowlisted operators); exit 0 allowed, 3 refused',
    )
    .argument('<cypher>', 'the Cypher text')
    .option('--json', 'print the verdict as JSON')
    .action(async (cypher: string, options: { json?: boolean }) => {
      // The API has no operation for this: the verdict is the gateway's own, asked directly.
      const [{ connectionSettingsFromEnv }, { GraphGateway }] = await Promise.all([
        import('../../services/connection-from-env'),
        import('../../graph/read-gateway'),
      ]);
      const gateway = GraphGateway.open(connectionSettingsFromEnv());
      try {
        const verdict = await gateway.explainUntrusted(cypher);
        if (options.json) printJson(verdict);
        else process.stdout.write(verdict.allowed ? 'allowed\n' : `refused: ${verdict.reason} [${verdict.rule}]\n`);
        if (!verdict.allowed) process.exitCode = EXIT_CODES.refused;
      } finally {
        await gateway.close();
      }
    });
  return command;
}
