declare const builtIn: unique symbol;

/**
 * A query written by the app itself, defined as a named constant in one of the Cypher modules.
 * Only these skip the text guard; any other text (templates, Text2Cypher, an analyst's own Cypher)
 * goes through `readUntrusted`, which EXPLAINs it first.
 */
export interface BuiltInQuery {
  readonly name: string;
  readonly text: string;
  /**
   * The columns its rows have, where the query declares them: a read of such a query may share its
   * round trip with another read of the run (see joined-reads.ts), which needs to name them.
   */
  readonly columns?: readonly string[];
  readonly [builtIn]: true;
}

/** Declares a built-in query. Call it at module level with a literal, never with user input. */
export function defineQuery(name: string, text: string, columns?: readonly string[]): BuiltInQuery {
  return Object.freeze(columns ? { name, text, columns: Object.freeze([...columns]) } : { name, text }) as BuiltInQuery;
}
