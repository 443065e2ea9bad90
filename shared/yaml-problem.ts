import type { CoreMessage } from './core-message';
import { serverError, type ServerErrorCode } from './errors/server-error-messages';
import { placeOf } from './json-syntax';

/**
 * What is wrong with a text read as YAML, as a clause worded in English and Korean, from the YAML
 * library's error code (`BAD_INDENT`, `MISSING_CHAR`…) rather than its message, which is English only
 * and may quote the text back. The library's codes are coarser than its messages: a code names the
 * kind of problem, and the place (line and column) says where to look.
 */

const PARTS: Readonly<Record<string, ServerErrorCode>> = {
  ALIAS_PROPS: 'yaml_alias_props_part',
  BAD_ALIAS: 'yaml_bad_alias_part',
  BAD_COLLECTION_TYPE: 'yaml_bad_collection_type_part',
  BAD_DIRECTIVE: 'yaml_bad_directive_part',
  BAD_DQ_ESCAPE: 'yaml_bad_dq_escape_part',
  BAD_INDENT: 'yaml_bad_indent_part',
  BAD_PROP_ORDER: 'yaml_bad_prop_order_part',
  BAD_SCALAR_START: 'yaml_bad_scalar_start_part',
  BLOCK_AS_IMPLICIT_KEY: 'yaml_block_as_key_part',
  BLOCK_IN_FLOW: 'yaml_block_in_flow_part',
  DUPLICATE_KEY: 'yaml_duplicate_key_part',
  KEY_OVER_1024_CHARS: 'yaml_key_too_long_part',
  MISSING_CHAR: 'yaml_missing_char_part',
  MULTILINE_IMPLICIT_KEY: 'yaml_multiline_key_part',
  MULTIPLE_ANCHORS: 'yaml_multiple_anchors_part',
  MULTIPLE_TAGS: 'yaml_multiple_tags_part',
  MULTIPLE_DOCS: 'yaml_multiple_docs_part',
  RESOURCE_EXHAUSTION: 'yaml_too_deep_part',
  TAB_AS_INDENT: 'yaml_tab_indent_part',
  TAG_RESOLVE_FAILED: 'yaml_unresolved_tag_part',
  UNEXPECTED_TOKEN: 'yaml_unexpected_part',
};

/** The YAML library's error code as a clause without its place (for a sentence that names the place itself). */
export function yamlReason(code: string): CoreMessage {
  return serverError(PARTS[code] ?? 'yaml_unreadable_part');
}

/** The error of the YAML library (its code and the offset it starts at in `text`) as a clause with its line and column. */
export function yamlProblem(error: { readonly code: string; readonly pos: readonly [number, number] }, text: string): CoreMessage {
  const { line, column } = placeOf(text, error.pos[0]);
  return serverError('yaml_at_part', { what: [yamlReason(error.code)], line, column });
}

/** An alias (`*name`) that names no anchor written before it, as a clause (for a reader that finds it itself, with its place). */
export function yamlUnresolvedAlias(alias: string): CoreMessage {
  return serverError('yaml_unresolved_alias_part', { alias });
}

/**
 * Why the YAML library could not build the value of a text that parses (`toJS`, or `parse` past its
 * syntax check), as a clause. The library gives these refusals no code, only an English message, so
 * they are told apart here, in one place, by how that message starts: an alias bomb ("Excessive alias
 * count …") and an alias before its anchor ("Unresolved alias …: name"); anything else is said as a
 * value that could not be built.
 */
export function yamlBuildReason(error: unknown): CoreMessage {
  const message = error instanceof Error ? error.message : '';
  if (message.startsWith('Excessive alias count')) return serverError('yaml_alias_bomb_part');
  const unresolved = /^Unresolved alias\b[^:]*: (\S+)$/.exec(message);
  if (unresolved?.[1]) return yamlUnresolvedAlias(unresolved[1]);
  return serverError('yaml_unbuildable_part');
}
