/**
 * The Cypher in a model's reply: the first fenced block (```cypher, ```sql or bare ```), else the
 * whole reply when it reads as a query. Null when the reply holds none. Nothing here judges the
 * text: whatever comes out goes through the gateway's guard like any untrusted query.
 */
export function extractCypher(reply: string): string | null {
  const fenced = /```[ \t]*([A-Za-z0-9_-]*)[ \t]*\r?\n([\s\S]*?)```/.exec(reply);
  const body = fenced ? fenced[2]! : reply;
  const text = body.trim().replace(/;\s*$/, '').trim();
  if (text === '') return null;
  if (fenced) return text;
  // An unfenced reply counts only when it opens like a Cypher clause, not like a sentence.
  return /^(MATCH|OPTIONAL|CALL|WITH|UNWIND|RETURN|CREATE|MERGE|DELETE|DETACH|SET|REMOVE|LOAD|USE|FOREACH|SHOW|DROP|EXPLAIN|PROFILE|CYPHER|\/\/|\/\*)/i.test(
    text,
  )
    ? text
    : null;
}
