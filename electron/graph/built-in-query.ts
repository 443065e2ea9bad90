declare const builtIn: unique symbol;

/**
 * A query written by the app itself, defined as a named constant in one of the Cypher modules.
 * Only these skip the text guard; any other text (templates, Text2Cypher, an analyst's own Cypher)
 * goes through `readUntrusted`, which EXPLAINs it first.
 */
export interface BuiltInQuery {
  readonly name: string;
  readonly text: string;
  readonly [builtIn]: true;
}

/** Declares a built-in query. Call it at module level with a literal, never with user input. */
export function defineQuery(name: string, text: string): BuiltInQuery {
  return Object.freeze({ name, text }) as BuiltInQuery;
}
