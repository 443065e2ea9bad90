import { describe, expect, it } from 'vitest';
import {
  isSecretParameterName,
  redactSecretsInText,
  redactUri,
  secretParameterNames,
  splitUserInfo,
  uriCarriesCredentials,
} from '../../shared/redact-uri';

describe('redactUri', () => {
  it.each([
    ['user and password', 'bolt://neo4j:hunter2@db.example:7687', 'bolt://***@db.example:7687'],
    ['a user alone', 'neo4j+s://reader@db.example', 'neo4j+s://***@db.example'],
    ['a password holding / and @', 'bolt://neo4j:pa/ss@rd@db.example:7687', 'bolt://***@db.example:7687'],
    ['a password holding ? and #', 'bolt://neo4j:pa?s#s@db.example:7687', 'bolt://***@db.example:7687'],
    ['a percent-encoded password', 'bolt://neo4j:s%40cret@127.0.0.1:7687', 'bolt://***@127.0.0.1:7687'],
    ['no scheme, as the driver accepts', 'neo4j:hunter2@db.example:7687', '***@db.example:7687'],
  ])('masks the user-info: %s', (_what, uri, masked) => {
    expect(redactUri(uri)).toBe(masked);
    expect(uriCarriesCredentials(uri)).toBe(true);
  });

  it.each([
    ['password', 'neo4j://db.example?password=hunter2', 'neo4j://db.example?password=***'],
    [
      'a token among harmless parameters',
      'neo4j://db.example?policy=eu&access_token=abc.def&region=x#top',
      'neo4j://db.example?policy=eu&access_token=***&region=x#top',
    ],
    ['an API key in camel case', 'https://api.example/v1?apiKey=sk-123', 'https://api.example/v1?apiKey=***'],
    [
      'pwd, auth, credentials and secret',
      'bolt://h?pwd=1&auth=2&credentials=3&client_secret=4',
      'bolt://h?pwd=***&auth=***&credentials=***&client_secret=***',
    ],
    ['a percent-encoded name', 'bolt://h?pass%77ord=x', 'bolt://h?pass%77ord=***'],
  ])('masks a secret-looking query value: %s', (_what, uri, masked) => {
    expect(redactUri(uri)).toBe(masked);
  });

  it.each(['bolt://127.0.0.1:17687', 'neo4j://db.example:7687?policy=eu&region=x', 'db.example:7687', 'https://wiki.example/runbooks/lag'])(
    'leaves a URI without credentials as it is: %s',
    (uri) => {
      expect(redactUri(uri)).toBe(uri);
      expect(uriCarriesCredentials(uri)).toBe(false);
    },
  );
});

describe('redactSecretsInText', () => {
  it('masks a URI quoted inside a driver message and keeps the rest of the message', () => {
    const message = "Parameters are not supported with none routed scheme. Given URL: 'bolt://127.0.0.1:1?password=hunter2'";
    const masked = redactSecretsInText(message);
    expect(masked).not.toContain('hunter2');
    expect(masked).toContain("Given URL: 'bolt://127.0.0.1:1?password=***");
  });

  it('masks every URI in a text, each up to its end', () => {
    const text = 'first bolt://a:one@h1:7687 then "neo4j://b:two@h2" and https://h3/x?token=three&q=ok done';
    expect(redactSecretsInText(text)).toBe('first bolt://***@h1:7687 then "neo4j://***@h2" and https://h3/x?token=***&q=ok done');
  });

  it('masks a URI inside JSON text without breaking the JSON', () => {
    const json = JSON.stringify({ uri: 'bolt://neo4j:hunter2@h:7687', note: 'x' });
    expect(JSON.parse(redactSecretsInText(json))).toEqual({ uri: 'bolt://***@h:7687', note: 'x' });
  });

  it.each([
    ['a stack trace through a scoped package', 'at file:///work/node_modules/@vitest/runner/dist/index.js:302:11'],
    ['a versioned package URL', 'fetched https://unpkg.com/react@18/umd/react.js'],
    ['a user name alone, with @ in the path', 'cloned https://github.com/acme/lens@v1 as reader'],
  ])('leaves an @ in a path alone: %s', (_what, text) => {
    expect(redactSecretsInText(text)).toBe(text);
  });

  it('leaves a text without URIs or secret parameters unchanged', () => {
    const text = 'Neo4j at bolt://127.0.0.1:7687 is unreachable; mail ops@example.com. a?b=c';
    expect(redactSecretsInText(text)).toBe(text);
  });

  it('takes time linear in the length of hostile text (8× the text, at most 24× the time; quadratic would be 64×)', () => {
    const hostile = (size: number) =>
      `${'a'.repeat(size)}://${'@'.repeat(size)} ${'?'.repeat(size)}${'&pass'.repeat(size / 5)}${'://x'.repeat(size / 4)}`;
    const time = (text: string) => {
      const started = performance.now();
      for (let round = 0; round < 3; round += 1) redactSecretsInText(text);
      return performance.now() - started;
    };
    time(hostile(20_000));
    const least = (size: number) => Math.min(time(hostile(size)), time(hostile(size)), time(hostile(size)));
    const small = least(50_000);
    const large = least(400_000);
    expect(large / Math.max(small, 0.5)).toBeLessThan(24);
  });
});

describe('the parts the connection takes apart', () => {
  it('splits off the user-info, leaving the URI the driver gets', () => {
    expect(splitUserInfo('bolt://neo4j:s%40cret@127.0.0.1:7687')).toEqual({ userInfo: 'neo4j:s%40cret', uri: 'bolt://127.0.0.1:7687' });
    expect(splitUserInfo('neo4j:pw@db:7687')).toEqual({ userInfo: 'neo4j:pw', uri: 'db:7687' });
    expect(splitUserInfo('bolt://db:7687')).toEqual({ userInfo: null, uri: 'bolt://db:7687' });
  });

  it('names the secret-looking query parameters in order', () => {
    expect(secretParameterNames('neo4j://db?policy=eu&password=x&token=y#frag')).toEqual(['password', 'token']);
    expect(secretParameterNames('neo4j://db?policy=eu')).toEqual([]);
  });

  it.each(['password', 'PASS', 'pwd', 'token', 'X-Api-Key', 'auth', 'credentials', 'secret', 'sig'])(
    'counts %s as a secret parameter name',
    (name) => {
      expect(isSecretParameterName(name)).toBe(true);
    },
  );

  it.each(['policy', 'region', 'database', 'timeout'])('does not count %s as one', (name) => {
    expect(isSecretParameterName(name)).toBe(false);
  });
});
