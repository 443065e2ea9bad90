import { Command, CommanderError } from 'commander';
import { appVersion } from '../app-home';
import { CliUsageError, codeUsageErrors } from './usage-errors';

/**
 * The commands in the order help lists them, each loaded only when it runs (or when help must
 * describe them all), so a command pays for its own modules only and `lens --version` for none.
 */
const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  start: async () => (await import('./commands/start-command')).startCommand(),
  neo4j: async () => (await import('./commands/neo4j-command')).neo4jCommand(),
  demo: async () => (await import('./commands/demo-command')).demoCommand(),
  connect: async () => (await import('./commands/connect-command')).connectCommand(),
  guard: async () => (await import('./commands/guard-command')).guardCommand(),
  query: async () => (await import('./commands/query-command')).queryCommand(),
  explain: async () => (await import('./commands/explain-command')).explainCommand(),
  'explain-plan': async () => (await import('./commands/plan-command')).planCommand(),
  compare: async () => (await import('./commands/compare-command')).compareCommand(),
  audit: async () => (await import('./commands/audit-command')).auditCommand(),
  eval: async () => (await import('./commands/eval-command')).evalCommand(),
  embed: async () => (await import('./commands/embed-command')).embedCommand(),
  principals: async () => (await import('./commands/principals-command')).principalsCommand(),
  traces: async () => (await import('./commands/traces-command')).tracesCommand(),
  adr: async () => (await import('./commands/adr-command')).adrCommand(),
  web: async () => (await import('./commands/web-command')).webCommand(),
};

const VERSION_FLAGS = ['-V', '--version'];

/** The commands `argv` needs: the one it names, none for the version, else all (help, an unknown name). */
function commandsFor(argv: readonly string[]): string[] {
  const first = argv[2];
  if (first !== undefined && Object.hasOwn(COMMANDS, first)) return [first];
  if (first !== undefined && VERSION_FLAGS.includes(first)) return [];
  return Object.keys(COMMANDS);
}

/** Builds the `lens` program with the commands `argv` needs (all of them by default). */
export async function lensProgram(argv: readonly string[] = []): Promise<Command> {
  const program = new Command('lens')
    .description('Provenance Lens: audit what a GraphRAG context provider hands to an agent, read-only')
    .version(appVersion(), VERSION_FLAGS.join(', '), 'print the version and exit')
    .exitOverride();
  for (const command of await Promise.all(commandsFor(argv).map((name) => (COMMANDS[name] as () => Promise<Command>)())))
    program.addCommand(command);
  const overrideExits = (command: Command): void => {
    command.exitOverride();
    command.commands.forEach(overrideExits);
  };
  overrideExits(program);
  // An unknown option, a missing argument …: a coded sentence naming `lens <command> --help`, not commander's English.
  codeUsageErrors(program);
  return program;
}

/** Runs the CLI and returns its exit code. */
export async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  try {
    await (await lensProgram(argv)).parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    const { EXIT_CODES, reportError } = await import('./cli-output');
    // --help and --version end as commander's exit 0; help shown for a command named without its subcommand, as invalid input.
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : EXIT_CODES.invalid_input;
    }
    return reportError(error instanceof CliUsageError ? await usageLensError(error) : error, json);
  }
}

/** A refused command line as the LensError it is reported as: `invalid_input` (exit 2), with the command's `--help` to try. */
export async function usageLensError(error: CliUsageError) {
  const [{ codedError }, { storeError }] = await Promise.all([
    import('../../shared/coded-error'),
    import('../../shared/errors/store-error-messages'),
  ]);
  return codedError('invalid_input', storeError(error.code, error.params), {
    hint: storeError('cli_help_hint', { help: `${error.command} --help` }),
  });
}
