import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { requestFromFlags, withRequestOptions, type QueryOptions } from '../../../electron/cli/commands/query-command';
import { wordCore } from '../../../shared/core-catalogues';
import { errorOf } from '../../support/lens-error-of';

/** The request `lens query "q" --as u-sora <flags>` sends, through the real flag definitions. */
function requestOf(flags: string[]): ReturnType<typeof requestFromFlags> {
  const command = withRequestOptions(new Command().exitOverride().option('--as <principal>'));
  command.parse(['--as', 'u-sora', ...flags], { from: 'user' });
  return requestFromFlags('payments DB failover', command.opts<QueryOptions>());
}

describe('lens query: a flag the mode does not read', () => {
  it('is refused, naming the flag, the modes that read it and the mode the query runs, with what to do', () => {
    const error = errorOf(() => requestOf(['--template', 'documents-by-title']));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe('--template is read only by --mode cypher; this query runs --mode hybrid, which would leave it out.');
    expect(error.hint).toBe('Add --mode cypher, or leave out --template.');
    expect(wordCore(error.said!, 'ko')).toContain('--template은(는) --mode cypher에서만 읽습니다');
    expect(errorOf(() => requestOf(['--mode', 'vector', '--hops', '2'])).message).toBe(
      '--hops is read only by --mode graph, --mode auto; this query runs --mode vector, which would leave it out.',
    );
    expect(errorOf(() => requestOf(['--mode', 'fulltext', '--ranker', 'naive'])).hint).toBe('Add --mode hybrid, or leave out --ranker.');
    expect(errorOf(() => requestOf(['--mode', 'hybrid', '--param', 'title=x'])).message).toContain('--param is read only by --mode cypher');
  });

  it('refuses --alpha without the linear ranker it weighs', () => {
    const error = errorOf(() => requestOf(['--alpha', '0.3']));
    expect(error.message).toBe('--alpha weighs the vector side of the linear ranker; this query fuses with rrf, which does not read it.');
    expect(error.hint).toBe('Add --ranker linear, or leave out --alpha.');
  });

  it('sends each flag to the modes that read it, and every flag to a team’s provider', () => {
    expect(requestOf(['--mode', 'cypher', '--template', 't', '--param', 'a=b']).options).toMatchObject({
      template_id: 't',
      template_params: { a: 'b' },
    });
    expect(requestOf(['--mode', 'graph', '--hops', '2', '--ranker', 'linear', '--alpha', '0.3']).options).toMatchObject({
      hops: 2,
      ranker: 'linear',
      alpha: 0.3,
    });
    expect(requestOf(['--mode', 'auto', '--hops', '1']).options).toMatchObject({ hops: 1 });
    expect(requestOf(['--mode', 'provider', '--template', 't', '--hops', '2']).options).toMatchObject({ template_id: 't', hops: 2 });
  });
});
