import { describe, expect, it } from 'vitest';
import { connectionSettings } from '../../../electron/graph/connection-settings';
import { graphError } from '../../../electron/graph/graph-errors';
import { cancelledError, deadlineError } from '../../../electron/graph/read-deadline';
import { coreSentence, wordCore } from '../../../shared/core-catalogues';
import { LensError } from '../../../shared/lens-error';
import { errorOf } from '../../support/lens-error-of';

const driverError = (code: string, message: string) => Object.assign(new Error(message), { code });
const profileInput = (uri: string) => ({ uri, user: undefined, password: undefined, database: undefined, source: 'profile' as const });

describe('driver failures as codes with parameters', () => {
  it('says an unreachable server with its URI and what the app was doing in the user’s words, the query’s own name only in the detail', () => {
    const error = graphError(driverError('ServiceUnavailable', 'connect ECONNREFUSED'), {
      uri: 'bolt://db.example:7687',
      query: 'principal-and-graph-marker',
      stage: 'principal',
    });
    expect(error.message).toBe('Neo4j at bolt://db.example:7687 is unreachable (while reading the principal and what it may see).');
    expect(error.said).toEqual({
      code: 'error_server:unreachable',
      params: {
        uri: 'bolt://db.example:7687',
        about: [
          { code: 'error_server:action_about_part', params: { action: [{ code: 'error_server:action_principal_part', params: {} }] } },
        ],
      },
    });
    expect(wordCore(error.said!, 'ko')).toBe('bolt://db.example:7687의 Neo4j에 연결할 수 없습니다 (주체와 그 접근 범위를 읽는 중).');
    expect(error.hintSaid?.code).toBe('error_server:unreachable_hint');
    // The query's own name and the driver's words stay in the detail.
    expect(error.detail).toBe('query principal-and-graph-marker: connect ECONNREFUSED');
  });

  it.each([
    ['principals', 'principals-from-graph', 'listing the graph’s principals'],
    ['fulltext', 'fulltext-acl-terms+principal-and-graph-marker', 'running the full-text search'],
    ['connect', 'labels', 'reading the connection report'],
    ['adr-list', 'adr-list', 'reading the ADRs'],
    ['provenance-item-chunks', 'provenance-item-chunks', 'reading the provenance graph'],
  ])('says a read of stage %s as an action, never as its query %s', (stage, query, action) => {
    const error = graphError(driverError('ServiceUnavailable', 'connect ECONNREFUSED'), { uri: 'bolt://h:7687', query, stage });
    expect(error.message).toBe(`Neo4j at bolt://h:7687 is unreachable (while ${action}).`);
    expect(error.message).not.toContain(query);
    expect(wordCore(error.said!, 'ko')).not.toContain(query);
    expect(error.detail).toBe(`query ${query}: connect ECONNREFUSED`);
  });

  it('says nothing of a stage it has no words for, rather than its internal name', () => {
    const error = graphError(driverError('ServiceUnavailable', 'connect ECONNREFUSED'), {
      uri: 'bolt://h:7687',
      query: 'x-y',
      stage: 'x-y',
    });
    expect(error.message).toBe('Neo4j at bolt://h:7687 is unreachable.');
    expect(error.detail).toBe('query x-y: connect ECONNREFUSED');
  });

  it.each([
    'Connection acquisition timed out in 10000 ms. Pool status: Active conn count = 0, Idle conn count = 0.',
    'Connection establishment timed out after 30000 ms.',
  ])('says a server that accepted the connection and never answered is unreachable, not an internal error: %s', (message) => {
    const error = graphError(driverError('', message), { uri: 'bolt://127.0.0.1:18997', query: 'principals-from-graph' });
    expect([error.kind, error.said?.code]).toEqual(['unavailable', 'error_server:unreachable']);
  });

  it('says refused credentials with the URI masked, and no query clause when there is none', () => {
    const error = graphError(driverError('Neo.ClientError.Security.Unauthorized', 'bad'), { uri: 'neo4j://reader:hunter2@db.example' });
    expect(error.message).toBe('Neo4j at neo4j://***@db.example refused the credentials.');
    expect(error.said).toEqual({ code: 'error_server:credentials_refused', params: { uri: 'neo4j://***@db.example' } });
    expect(JSON.stringify(error.toData())).not.toContain('hunter2');
  });

  it('words an unclassified failure of an untrusted query as a clause of its own, and keeps the server text out of the params', () => {
    const error = graphError(driverError('', 'Salary bands 2026'), {
      uri: 'bolt://127.0.0.1:7687',
      query: 'untrusted',
      stage: 'cypher_template',
      untrusted: true,
    });
    expect(error.message).toMatch(
      /^Neo4j stopped the query while it ran \(while running the Cypher template\) \(an unclassified error\)\. /,
    );
    expect(error.detail).toBe('an unclassified error');
    expect(error.said?.params?.classification).toEqual([{ code: 'error_server:unclassified_part', params: {} }]);
    expect(JSON.stringify(error.toData())).not.toContain('Salary');
  });

  it('keeps the server’s first line of a rejected query as a parameter, as the library said it', () => {
    const error = graphError(driverError('Neo.ClientError.Statement.SyntaxError', 'Invalid input "MATC"\nline 2'), {
      uri: 'bolt://h:7687',
    });
    expect(error.message).toBe('Neo4j rejected the query: Invalid input "MATC"');
    expect(error.said).toEqual({ code: 'error_server:query_rejected', params: { about: [], server: 'Invalid input "MATC"' } });
  });

  it('says the stage of a deadline and of a cancellation in a user’s words, its own name only in the detail', () => {
    // The Workbench said "The graph_expansion stage ran out of time waiting for Neo4j." with "Give the request a larger timeout".
    const expansion = deadlineError('graph_expansion');
    expect(expansion.message).toBe('The request ran out of time waiting for Neo4j (while following the graph from the hits).');
    expect(wordCore(expansion.said!, 'ko')).toBe('요청이 Neo4j를 기다리다 시간이 다 되었습니다 (검색 결과에서 그래프를 따라가는 중).');
    expect(expansion.detail).toBe('stage graph_expansion');
    expect(expansion.said?.params?.stage).toBe('graph_expansion');
    // What to do names the deadline, a narrower question and the mode that skips this step.
    expect(expansion.hint).toMatch(/^Raise timeout_ms and run again, narrow the question .*use the hybrid mode/);
    expect(wordCore(expansion.hintSaid!, 'ko')).toContain('하이브리드 모드');
    const search = deadlineError('vector');
    expect(search.message).toBe('The request ran out of time waiting for Neo4j (while running the vector search).');
    expect(search.hint).toContain('the vector and full-text modes cost less than hybrid, and hybrid less than graph');
    for (const error of [expansion, search, cancelledError('fulltext'), deadlineError('compare_graph')]) {
      expect(error.message).not.toMatch(/graph_expansion|vector stage|fulltext|compare_graph/);
      expect(wordCore(error.said!, 'ko')).not.toMatch(/graph_expansion|vector|fulltext|compare_graph/);
    }
    expect(cancelledError('fulltext').message).toBe('The request was cancelled (while running the full-text search).');
    // A stage outside a run keeps the general advice; a stage without words of its own is said as nothing, never by its name.
    expect(deadlineError('compare_graph').hint).toBe('Give the request a larger timeout, or check the server.');
    expect(deadlineError('some_new_stage').message).toBe('The request ran out of time waiting for Neo4j.');
    expect(deadlineError('some_new_stage').detail).toBe('stage some_new_stage');
  });
});

describe('connection settings errors as codes', () => {
  it("names a profile's URI in words of its own, so Korean does not get the English phrase", () => {
    const error = errorOf(() => connectionSettings(profileInput('http://db.example:7474')));
    expect(error.message).toBe('the profile\'s URI http://db.example:7474 has the scheme "http", which Neo4j\'s driver does not speak.');
    expect(error.said).toEqual({
      code: 'error_server:uri_scheme',
      params: { name: [{ code: 'error_server:profile_uri_part', params: {} }], uri: 'http://db.example:7474', scheme: 'http' },
    });
    expect(wordCore(error.said!, 'ko')).toBe('프로필의 URI http://db.example:7474의 스킴 "http"은(는) Neo4j 드라이버가 지원하지 않습니다.');
  });

  it('names the variables as they are when the URI comes from the environment', () => {
    const error = errorOf(() =>
      connectionSettings({ uri: 'bolt://a:x@db.example', user: 'b', password: undefined, database: undefined, source: 'environment' }),
    );
    expect(error.message).toBe('NEO4J_URI names the user "a" but NEO4J_USER says "b".');
    expect(error.said?.params).toEqual({ name: 'NEO4J_URI', uri_user: 'a', user_name: 'NEO4J_USER', user: 'b' });
    expect(error.hintSaid?.code).toBe('error_server:credentials_differ_hint');
  });
});

/** The Latin words of a Korean sentence once the names it may keep are taken out: values, code in backticks, variables, Neo4j. */
function englishWordsIn(korean: string, values: readonly string[]): string[] {
  let rest = korean.replace(/`[^`]*`/g, ' ');
  // Longest first, so a URI goes whole before its scheme does.
  for (const value of [...values].sort((a, b) => b.length - a.length)) rest = rest.split(value).join(' ');
  rest = rest.replace(/\b[A-Z][A-Z0-9_]+\b/g, ' ').replace(/\bNeo4j\b/g, ' ');
  return rest.match(/[A-Za-z]{3,}/g) ?? [];
}

describe('a connection error worded in Korean, as the renderer words it', () => {
  const uri = 'bolt://db.example:7687';
  it.each([
    [
      'an unreachable server',
      () => graphError(driverError('ServiceUnavailable', 'connect ECONNREFUSED'), { uri, query: 'principal-lookup' }),
    ],
    ['refused credentials', () => graphError(driverError('Neo.ClientError.Security.Unauthorized', 'The client is unauthorized'), { uri })],
    ['a missing database', () => graphError(driverError('Neo.ClientError.Database.DatabaseNotFound', 'Database does not exist.'), { uri })],
    ['a profile URI the driver does not speak', () => errorOf(() => connectionSettings(profileInput('http://db.example:7474')))],
    [
      'a demo URI with query parameters',
      () => errorOf(() => connectionSettings({ ...profileInput('bolt://127.0.0.1:7687?x=1'), source: 'demo' })),
    ],
  ])('has no English sentence for %s once it crossed the wire', (_name, make) => {
    const wire = LensError.fromData(make().toData());
    const message = coreSentence(wire.said?.code, wire.said?.params, wire.message, 'ko') ?? '';
    const hint = coreSentence(wire.hintSaid?.code, wire.hintSaid?.params, wire.hint, 'ko') ?? '';
    expect(message).not.toBe(wire.message);
    const values = [
      uri,
      'principal-lookup',
      'http://db.example:7474',
      'http',
      'bolt://127.0.0.1:7687?x=1',
      'bolt',
      'Database does not exist.',
    ];
    values.push('bolt://host:7687', 'neo4j://host:7687', 'neo4j://', '+s / +ssc', 'TLS', 'URI');
    expect(englishWordsIn(`${message} ${hint}`, values)).toEqual([]);
  });
});
