/**
 * Top-level YAML keys whose aliases multiply an anchor's list nine times a level (9^6 items in all):
 * text that parses, whose value the YAML library refuses to build ("Excessive alias count …").
 * Keys `a` to `f`, a line each, no trailing newline.
 */
export const ALIAS_BOMB_KEYS = ['a: &a [x, x, x, x, x, x, x, x, x]']
  .concat(['b', 'c', 'd', 'e', 'f'].map((key, i) => `${key}: &${key} [${Array<string>(9).fill(`*${'abcde'[i]}`).join(', ')}]`))
  .join('\n');
