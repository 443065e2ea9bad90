// Ids as the graph stores them. An item carries its chunk and document ids as text (the contract),
// but many import scripts number chunks (`chunk_id: 4242`), and a text id never equals an integer in
// Cypher. Reads by id therefore match the text and, for a canonical integer text, that integer too.

/** A Cypher condition: `textId` (a string expression) prints an integer exactly ("4242", not "04242", "+4242" or "4242.0"). */
function canonicalInteger(textId: string): string {
  return `toString(toInteger(${textId})) = ${textId}`;
}

/**
 * The id `id` (a Cypher property expression) as a candidate query returns it: an INTEGER as its digits
 * (exact beyond 2^53, and told apart from a whole FLOAT, which the driver hands over as the same JS
 * number), anything else as stored, for the reader to take (text) or refuse (candidate-rows.ts).
 */
export function storedIdColumn(id: string): string {
  return `CASE WHEN ${id} IS :: INTEGER THEN toString(${id}) ELSE ${id} END`;
}

/**
 * The values the text id `textId` (a Cypher string expression, e.g. a row variable) may be stored
 * as, as a Cypher list: the text and, for a canonical integer, the integer. `n.id IN <this>` seeks
 * the property's index like `n.id = textId` does.
 */
export function storedIdForms(textId: string): string {
  return `CASE WHEN ${canonicalInteger(textId)} THEN [${textId}, toInteger(${textId})] ELSE [${textId}] END`;
}

/**
 * The values a list of text ids (`list`, a parameter such as `$ids`) may be stored as: the texts and
 * the integers of those that are canonical integers. It depends on the parameter only, so
 * `n.id IN <this>` still seeks the property's index.
 */
export function storedIdListForms(list: string): string {
  return `${list} + [lens_id IN ${list} WHERE ${canonicalInteger('lens_id')} | toInteger(lens_id)]`;
}

/**
 * A Cypher boolean: the node `v`'s id property `idKey` (quoted) prints the same as another node's of
 * `label` (quoted) — an INTEGER 4242 beside a text "4242" — so an item's text id would name either.
 */
export function storedIdTwin(v: string, label: string, idKey: string): string {
  const id = `${v}.${idKey}`;
  // On one line, as the rest of the RETURN clause it sits in is (the query tests read a RETURN clause by its line).
  return [
    `CASE WHEN ${id} IS :: INTEGER THEN EXISTS { MATCH (lens_twin:${label}) WHERE lens_twin.${idKey} = toString(${id}) }`,
    `WHEN ${id} IS :: STRING AND ${canonicalInteger(id)} THEN EXISTS { MATCH (lens_twin:${label}) WHERE lens_twin.${idKey} = toInteger(${id}) }`,
    'ELSE false END',
  ].join(' ');
}
