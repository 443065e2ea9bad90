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
