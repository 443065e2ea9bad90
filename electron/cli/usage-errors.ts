// commander's own argument errors (an unknown option, a missing argument …) as message codes of the
// CLI's catalogue (error_store) with their parameters, instead of commander's English. The command
// methods commander calls on each such error are replaced on every command of the program, so the
// option, argument, value and command are parameters, not words parsed back out of a sentence.
// This module imports no catalogue: `lens --version` loads it, and main words the error only when one happens.
import type { Argument, Command, Option } from 'commander';
import { closestKey } from '../../shared/closest-key';
import type { CoreMessage, CoreParam } from '../../shared/core-message';
import type { StoreErrorCode } from '../../shared/errors/store-error-messages';

/** A command line commander refused: the code of its sentence, its parameters, and the command whose `--help` to try. */
export class CliUsageError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    readonly params: Readonly<Record<string, CoreParam>>,
    readonly command: string,
  ) {
    super(code);
    this.name = 'CliUsageError';
  }
}

/** A parser's refusal that carries its sentence as a code (commander's InvalidArgumentError with `said`). */
interface SaidError {
  readonly message: string;
  readonly code?: string;
  readonly said?: CoreMessage;
}

/** The command as typed: `lens query`, `lens traces show`. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at !== null; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}

/** What commander keeps unexported, read where it is (commander 14). */
interface CommandInternals {
  _allowUnknownOption?: boolean;
  _allowExcessArguments?: boolean;
  args: string[];
}

/** An option as a person types it: its long flag, else its short one. */
const flagOf = (option: Option) => option.long ?? option.short ?? option.flags;

/** The long flags `command` and the commands above it accept, for a suggestion. */
function knownFlags(command: Command): string[] {
  const flags: string[] = [];
  for (let at: Command | null = command; at !== null; at = at.parent)
    for (const option of at.createHelp().visibleOptions(at)) if (option.long) flags.push(option.long);
  return flags;
}

/** The parsers of options meant to be given more than once, each value added to the others (`--scope-document`, `--param`). */
const REPEATABLE = new WeakSet<object>();

/** Marks an option's parser as one that collects every value given, so the option may be repeated. */
export function repeatable<T extends object>(parser: T): T {
  REPEATABLE.add(parser);
  return parser;
}

/**
 * Refuses an option that takes one value given twice with different values (`--as u-a --as u-b`,
 * `--top-k 5 --top-k 50`): commander kept the last without a word, so a flag appended by a script ran
 * as someone else. A list option (`--ext a b`) and a repeatable one are left alone; the same value
 * twice is one value.
 */
function refuseOptionsGivenTwice(
  command: Command,
  fail: (code: StoreErrorCode, params: Readonly<Record<string, CoreParam>>) => never,
): void {
  for (const option of command.options) {
    if (option.variadic || option.isBoolean() || (option.parseArg && REPEATABLE.has(option.parseArg))) continue;
    let first: string | undefined;
    command.on(`option:${option.name()}`, (value: unknown) => {
      if (typeof value !== 'string') return;
      if (first !== undefined && first !== value)
        fail('cli_option_given_twice', { option: flagOf(option), first, second: value, command: commandPath(command) });
      first = value;
    });
  }
}

/** Replaces on `command` (not its subcommands) each method commander calls on an argument error. */
function codeUsageErrorsOf(command: Command): void {
  const internals = command as unknown as CommandInternals & Record<string, unknown>;
  const fail = (code: StoreErrorCode, params: Readonly<Record<string, CoreParam>>): never => {
    throw new CliUsageError(code, params, commandPath(command));
  };
  const where = () => commandPath(command);
  internals.unknownOption = (flag: string) => {
    if (internals._allowUnknownOption) return;
    const near = flag.startsWith('--') ? closestKey(flag, knownFlags(command)) : null;
    if (near) fail('cli_unknown_option_near', { option: flag, command: where(), near });
    fail('cli_unknown_option', { option: flag, command: where() });
  };
  internals.unknownCommand = () => {
    const name = internals.args[0] ?? '';
    const near = closestKey(
      name,
      command.commands.map((sub) => sub.name()),
    );
    if (near) fail('cli_unknown_command_near', { name, command: where(), near });
    fail('cli_unknown_command', { name, command: where() });
  };
  internals.missingArgument = (name: string) => fail('cli_missing_argument', { argument: name, command: where() });
  internals.optionMissingArgument = (option: Option) => fail('cli_option_needs_value', { option: option.flags, command: where() });
  internals.missingMandatoryOptionValue = (option: Option) => fail('cli_option_required', { option: option.flags, command: where() });
  internals._excessArguments = (received: string[]) => {
    if (internals._allowExcessArguments) return;
    const expected = command.registeredArguments.length;
    const extra = received.slice(expected).join(' ');
    if (expected === 0) fail('cli_no_arguments', { command: where(), count: received.length, extra });
    fail('cli_excess_arguments', { command: where(), expected, count: received.length, extra });
  };
  internals._callParseArg = (target: Option | Argument, value: string, previous: unknown) => {
    try {
      return target.parseArg ? target.parseArg(value, previous) : value;
    } catch (error) {
      const refused = error as SaidError;
      if (refused.code !== 'commander.invalidArgument') throw error;
      const choices = target.argChoices;
      const reason: CoreParam =
        choices && !choices.includes(value)
          ? [{ code: 'error_store:cli_choices_part', params: { choices: choices.join(', ') } }]
          : refused.said
            ? [refused.said]
            : refused.message;
      if ('flags' in target) fail('cli_option_value_invalid', { option: flagOf(target), value, reason, command: where() });
      fail('cli_argument_value_invalid', { argument: target.name(), value, reason, command: where() });
    }
  };
  // Anything else commander refuses (two options that conflict …): its own sentence, still with the help to try.
  internals.error = (message: string) => fail('cli_usage', { message: message.replace(/^error: /, '') });
  refuseOptionsGivenTwice(command, fail);
}

/**
 * Refuses an optional option given an empty value (`--out ""`, `--docs "$UNSET"`), before the command
 * runs: the commands read an empty value as the option left out, so `lens traces export --out ""`
 * printed the bundle instead of writing it and `lens demo load --docs ""` loaded the demo corpus, each
 * with exit 0, and `lens traces list --principal ""` said "No runs recorded yet." of a store full of runs. A required option
 * cannot be left out, so its command gets the empty value and says what it needs (`--reason`).
 */
function refuseEmptyOptionValues(command: Command): void {
  for (const option of command.options) {
    const key = option.attributeName();
    if (option.mandatory || command.getOptionValueSource(key) !== 'cli') continue;
    const value: unknown = command.getOptionValue(key);
    if (value !== '' && !(Array.isArray(value) && value.includes(''))) continue;
    throw new CliUsageError(
      'cli_option_value_invalid',
      {
        option: flagOf(option),
        value: '',
        reason: [{ code: 'error_store:cli_empty_value_part', params: {} }],
        command: commandPath(command),
      },
      commandPath(command),
    );
  }
}

/** Codes commander's argument errors on `program` and every command under it, and refuses options given empty values. */
export function codeUsageErrors(program: Command): void {
  codeUsageErrorsOf(program);
  program.commands.forEach(codeUsageErrors);
  if (program.parent === null) program.hook('preAction', (_program, command) => refuseEmptyOptionValues(command));
}
