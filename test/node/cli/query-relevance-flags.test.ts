import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { ContextRequest } from '../../../shared/context-contract';
import { compareTask } from '../../../electron/cli/commands/compare-command';
import { requestFromFlags, withRequestOptions, type QueryOptions } from '../../../electron/cli/commands/query-command';

/** The request `lens query "q" --as u-sora <flags>` sends, through the real flag definitions. */
function requestOf(flags: string[]): ReturnType<typeof requestFromFlags> {
  const command = withRequestOptions(new Command().exitOverride().option('--as <principal>'));
  command.parse(['--as', 'u-sora', ...flags], { from: 'user' });
  return requestFromFlags('payments DB failover', command.opts<QueryOptions>());
}

describe('lens query: the relevance floor flags', () => {
  it('send no floor when none is given, so the request takes the calibrated defaults', () => {
    const options = requestOf([]).options ?? {};
    expect(options).not.toHaveProperty('min_similarity');
    expect(options).not.toHaveProperty('min_matched_terms');
  });

  it('send each side as given', () => {
    expect(requestOf(['--min-similarity', '0.5', '--min-terms', '1']).options).toMatchObject({ min_similarity: 0.5, min_matched_terms: 1 });
  });

  it('turn both sides off with --no-relevance-floor, a side given its own flag keeping it', () => {
    expect(requestOf(['--no-relevance-floor']).options).toMatchObject({ min_similarity: 0, min_matched_terms: 0 });
    expect(requestOf(['--no-relevance-floor', '--min-terms', '3']).options).toMatchObject({ min_similarity: 0, min_matched_terms: 3 });
  });

  it('make a request the contract accepts, and one it refuses for a similarity above 1', () => {
    expect(ContextRequest.safeParse(requestOf(['--min-similarity', '0.6'])).success).toBe(true);
    expect(ContextRequest.safeParse(requestOf(['--min-similarity', '1.5'])).success).toBe(false);
  });

  it('reach lens compare’s request too', () => {
    const task = compareTask('payments DB failover', {
      as: 'u-sora',
      vs: 'u-guest',
      mode: 'hybrid',
      topK: 10,
      maxTokens: 4000,
      timeoutMs: 10_000,
      relevanceFloor: false,
    });
    expect(task).toMatchObject({ kind: 'compare', input: { request: { options: { min_similarity: 0, min_matched_terms: 0 } } } });
  });
});
