import { Command, CommanderError } from 'commander';
import { connectCommand } from './commands/connect-command';
import { demoCommand } from './commands/demo-command';
import { embedCommand } from './commands/embed-command';
import { guardCommand } from './commands/guard-command';
import { neo4jCommand } from './commands/neo4j-command';
import { principalsCommand } from './commands/principals-command';
import { queryCommand } from './commands/query-command';
import { startCommand } from './commands/start-command';
import { tracesCommand } from './commands/traces-command';
import { webCommand } from './commands/web-command';
import { EXIT_CODES, reportError } from './cli-output';

/** Builds the `lens` program. */
export function lensProgram(): Command {
  const program = new Command('lens')
    .description('Provenance Lens: audit what a GraphRAG context provider hands to an agent, read-only')
    .showHelpAfterError()
    .exitOverride();
  program.addCommand(startCommand());
  program.addCommand(neo4jCommand());
  program.addCommand(demoCommand());
  program.addCommand(connectCommand());
  program.addCommand(guardCommand());
  program.addCommand(queryCommand());
  program.addCommand(embedCommand());
  program.addCommand(principalsCommand());
  program.addCommand(tracesCommand());
  program.addCommand(webCommand());
  const overrideExits = (command: Command): void => {
    command.exitOverride();
    command.commands.forEach(overrideExits);
  };
  overrideExits(program);
  return program;
}

/** Runs the CLI and returns its exit code. */
export async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  try {
    await lensProgram().parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : EXIT_CODES.invalid_input;
    }
    return reportError(error, json);
  }
}
