import { Command } from 'commander';
import { printJson } from '../cli-output';
import { wordCliMessage } from '../../../shared/cli-messages';

/** What the embedder's kind means for a reader. */
const KIND_NOTE = { lexical: 'embed_kind_lexical', semantic: 'embed_kind_semantic' } as const;

/**
 * `lens embed "<text>"`: the query vector the app would use (LENS_EMBEDDER, else the saved settings,
 * else hashing-384), to debug index mismatches.
 */
export function embedCommand(): Command {
  return new Command('embed')
    .description("print the query vector the app would use, with the embedder's name and dimensions")
    .argument('<text>', 'the text to embed')
    .option('--json', 'print as JSON')
    .action(async (text: string, options: { json?: boolean }) => {
      const { cliEmbedder } = await import('../../services/stored-llm-settings');
      const embedder = cliEmbedder();
      const vector = Array.from(await embedder.embed(text));
      const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
      if (options.json) {
        printJson({ embedder: embedder.name, kind: embedder.kind, dimensions: vector.length, norm, vector });
        return;
      }
      const nonZero = vector.filter((value) => value !== 0).length;
      process.stdout.write(
        `${embedder.name} (${embedder.kind}: ${wordCliMessage(KIND_NOTE[embedder.kind])}), ${vector.length} dimensions, norm ${norm.toFixed(6)}, ${nonZero} non-zero\n`,
      );
      process.stdout.write(
        `[${vector
          .slice(0, 12)
          .map((value) => value.toFixed(4))
          .join(', ')}, …]\n`,
      );
      if (norm === 0) process.stdout.write(`${wordCliMessage('embed_no_signal')}\n`);
    });
}
