import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { requestFromFlags, withRequestOptions, type QueryOptions } from '../../../electron/cli/commands/query-command';
import { ContextRequest } from '../../../shared/context-contract';
import { RequestFailure, validateRequest } from '../../../electron/retrieval/request-validation';

/** The request `lens query "q" --as u-sora <flags>` sends, through the real flag definitions. */
function requestOf(flags: string[]): ReturnType<typeof requestFromFlags> {
  const command = withRequestOptions(
    new Command()
      .exitOverride()
      .configureOutput({ writeErr: () => undefined })
      .option('--as <principal>'),
  );
  command.parse(['--as', 'u-sora', ...flags], { from: 'user' });
  return requestFromFlags('payments DB failover', command.opts<QueryOptions>());
}

describe('lens query: the allowed-scope flags', () => {
  it('send no allowed_scopes without a scope flag, so the request draws from all the principal may see', () => {
    expect(requestOf([])).not.toHaveProperty('allowed_scopes');
  });

  it('send each --scope-* flag, repeatable, under its kind, and the contract accepts the request', () => {
    const request = requestOf([
      '--scope-document',
      'adr-010-postgres-ha-patroni',
      '--scope-uri-prefix',
      'https://wiki.nurion.example/runbooks/',
      '--scope-service',
      'payments-gateway',
      '--scope-service',
      'svc-ledger',
      '--scope-repository',
      'nurion/risk-engine',
    ]);
    expect(request.allowed_scopes).toEqual({
      document_ids: ['adr-010-postgres-ha-patroni'],
      source_uri_prefixes: ['https://wiki.nurion.example/runbooks/'],
      services: ['payments-gateway', 'svc-ledger'],
      repositories: ['nurion/risk-engine'],
    });
    expect(ContextRequest.safeParse(request).success).toBe(true);
  });

  it('combine --scopes JSON with the flags, values of one kind added together', () => {
    expect(
      requestOf(['--scopes', '{"services":["auth-service"],"document_ids":["x"]}', '--scope-service', 'vault']).allowed_scopes,
    ).toEqual({
      services: ['auth-service', 'vault'],
      document_ids: ['x'],
    });
  });

  it('pass an unknown kind in --scopes on as written, for the pipeline to fail closed as unsupported_filter', () => {
    expect(requestOf(['--scopes', '{"teams":["payments"]}']).allowed_scopes).toEqual({ teams: ['payments'] });
  });

  it('refuse --scopes that is not a JSON object, naming what is expected', () => {
    expect(() => requestOf(['--scopes', '[1,2]'])).toThrow(/expected a JSON object/);
    expect(() => requestOf(['--scopes', '{services'])).toThrow(/expected a JSON object/);
    // Where it stops being JSON, not JSON.parse's English ("Expected property name or '}' in JSON at position 1").
    expect(() => requestOf(['--scopes', '{services'])).toThrow(
      'expected a JSON object such as {"services":["payments-gateway"]}: \'s\' at line 1, column 2 cannot stand there',
    );
  });
});

describe('lens query: a flag given an empty value', () => {
  it('sends --language "" (a script’s unset variable) for the pipeline to fail closed, not dropped to run over every language', () => {
    const request = requestOf(['--language', '']);
    expect(request.filters).toEqual({ language: '' });
    const refused = (() => {
      try {
        validateRequest(request);
      } catch (error) {
        if (error instanceof RequestFailure) return error;
        throw error;
      }
      return null;
    })();
    expect(refused?.outcome).toBe('unsupported_filter');
    expect(refused?.said).toMatchObject({ code: 'outcome:filter_language_unreadable' });
  });

  it('sends --template "" in cypher mode for the contract to refuse, not as no template at all', () => {
    expect(requestOf(['--mode', 'cypher', '--template', '']).options).toEqual({ template_id: '' });
  });
});
