import { describe, expect, it } from 'vitest';
import { quoteName } from '../../../shared/cypher/quote-name';
import { tokenizeCypher } from '../../../shared/cypher/cypher-tokens';

describe('quoting a name for Cypher text', () => {
  it('puts a plain identifier between backticks and leaves it as it is', () => {
    expect(quoteName('allowed_groups')).toBe('`allowed_groups`');
    expect(quoteName('Document')).toBe('`Document`');
  });

  it('doubles a backtick inside the name, so the name stays one quoted name token', () => {
    const name = 'odd` DETACH DELETE n //';
    expect(quoteName(name)).toBe('`odd`` DETACH DELETE n //`');
    expect(tokenizeCypher(`MATCH (n:${quoteName(name)}) RETURN n`)).toContainEqual(
      expect.objectContaining({ type: 'quoted_name', text: 'odd` DETACH DELETE n //' }),
    );
  });
});

describe('quoting a name that holds a Unicode escape', () => {
  // Neo4j replaces `\uXXXX` everywhere in the text before it lexes, backtick names included, so a
  // name the server reports (a label, an index) holding `\u0060` would close the quoted name.
  it.each([
    ['an escaped backtick and a write after it', String.raw`x\u0060) DETACH DELETE n //`],
    ['an escaped backtick with a sign', String.raw`x\u+060) DETACH DELETE n //`],
    ['an escape of a plain letter', String.raw`a\u0041`],
    ['a \\u that is no escape, which Neo4j refuses as a syntax error', String.raw`C:\users`],
    ['backslashes before an escape', String.raw`a\\\u0060b`],
  ])('keeps %s inside the one quoted name, as written', (_name, name) => {
    const tokens = tokenizeCypher(`MATCH (n:${quoteName(name)}) RETURN n`);
    expect(Array.isArray(tokens) ? tokens.filter((token) => token.type !== 'symbol') : tokens).toEqual([
      { type: 'word', text: 'MATCH', offset: 0 },
      { type: 'word', text: 'n', offset: 7 },
      expect.objectContaining({ type: 'quoted_name', text: name }),
      expect.objectContaining({ type: 'word', text: 'RETURN' }),
      expect.objectContaining({ type: 'word', text: 'n' }),
    ]);
  });
});
