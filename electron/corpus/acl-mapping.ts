import fs from 'node:fs';
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import { z } from 'zod';
import { issueWords } from '../../shared/api/schema-message';
import { closestKey } from '../../shared/closest-key';
import { codedError } from '../../shared/coded-error';
import type { CoreMessage, CoreParam } from '../../shared/core-message';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { LensError } from '../../shared/lens-error';
import { yamlBuildReason, yamlProblem } from '../../shared/yaml-problem';
import { unreadableReason, utf8Text } from '../input-file';
import { MAX_YAML_NESTING, yamlTooDeepPlace } from '../yaml-nesting';
import { ACL_KEYS } from './acl-defaults';
import { PartialDocumentAcl } from './corpus-model';
import type { LoadDoor } from './markdown-extensions';
import { mappingPrincipalProblems, MappingGroup, MappingPrincipal, type MappingPath } from './mapping-principals';

/**
 * An ACL mapping file: defaults for every document, overrides by file glob (relative path), and the
 * groups and principals who may ask, in the shape of the demo corpus's principals.yaml.
 */
export const AclMapping = z
  .object({
    defaults: PartialDocumentAcl.default({}),
    files: z.record(z.string(), PartialDocumentAcl).default({}),
    groups: z.array(MappingGroup).default([]),
    principals: z.array(MappingPrincipal).default([]),
  })
  .strict();
export type AclMapping = z.infer<typeof AclMapping>;
/** A mapping as code may hand it over: what it leaves out takes its default. */
export type AclMappingInput = z.input<typeof AclMapping>;

/** A mapping read, with the 1-based line of any path in it where a file gave it. */
export interface ReadAclMapping {
  readonly mapping: AclMapping;
  /** The file, or "the ACL mapping" for one handed over already read. */
  readonly file: CoreParam;
  readonly lineOf: (at: MappingPath) => number | null;
}

/** The keys each place of a mapping takes, for "did you mean" advice. */
function knownKeys(at: readonly PropertyKey[]): readonly string[] {
  const [first] = at;
  if (at.length === 0) return Object.keys(AclMapping.shape);
  if (first === 'defaults' || first === 'files') return ACL_KEYS;
  if (first === 'groups') return Object.keys(MappingGroup.shape);
  if (first === 'principals') return Object.keys(MappingPrincipal.shape);
  return [];
}

/** What is wrong with a field: the schema's words, or "did you mean" for a key its place does not take. */
function advice(issue: z.core.$ZodIssue): CoreParam {
  if (issue.code !== 'unrecognized_keys') return issueWords(issue);
  const keys = knownKeys(issue.path);
  const takes = [retrievalError('place_takes', { keys: keys.join(', ') })];
  return issue.keys.map((key) => {
    const near = closestKey(key, keys);
    return near ? retrievalError('unknown_key_near', { key, near, takes }) : retrievalError('unknown_key_remove', { key, takes });
  });
}

/** A path as a person writes it: `principals[1].groups`. */
export function mappingPathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (written, key) => (typeof key === 'number' ? `${written}[${key}]` : written ? `${written}.${String(key)}` : String(key)),
    '',
  );
}

/** Where a node starts in the text, if it is a node the parser placed. */
const startOf = (node: unknown): number | undefined => (node as { range?: [number, number, number] } | null | undefined)?.range?.[0];

/**
 * The line of the path in a parsed document: of the key where the path ends at a map key (a block
 * value starts on the line after it), else of the node; or of its nearest parent.
 */
function lineLocator(document: Document, lines: LineCounter): (path: MappingPath) => number | null {
  return (path) => {
    for (let depth = path.length; depth >= 0; depth--) {
      const parent = depth <= 1 ? document.contents : document.getIn(path.slice(0, depth - 1), true);
      const last = path[depth - 1];
      const pair = depth > 0 && isMap(parent) ? parent.items.find((item) => isScalar(item.key) && item.key.value === last) : undefined;
      const offset = startOf(pair?.key) ?? startOf(depth === 0 ? document.contents : document.getIn(path.slice(0, depth), true));
      if (offset !== undefined) return lines.linePos(offset).line;
    }
    return null;
  };
}

/** ` (line L)` of a path where it is known, as the `at` part of a mapping problem. */
function atLine(line: number | null): CoreMessage[] {
  return line === null ? [] : [retrievalError('at_line', { line })];
}

/** One `invalid_input` error for every problem of a mapping: the first is the sentence, the others follow it. */
function invalidMapping(file: CoreParam, problems: readonly CoreMessage[]): LensError {
  const [first = retrievalError('acl_mapping_invalid', { file }), ...rest] = problems;
  return codedError('invalid_input', first, {
    hint: retrievalError('acl_mapping_invalid_hint', {
      fields: ACL_KEYS.join(', '),
      group_fields: Object.keys(MappingGroup.shape).join(', '),
      principal_fields: Object.keys(MappingPrincipal.shape).join(', '),
    }),
    moreProblems: rest,
  });
}

/**
 * Checks a mapping's plain value against the schema, then its principals and groups (ids used twice,
 * a principal without a workspace); every problem names the file, the line and the field.
 */
function checkedMapping(raw: unknown, file: CoreParam, lineOf: ReadAclMapping['lineOf']): ReadAclMapping {
  const parsed = AclMapping.safeParse(raw ?? {});
  if (!parsed.success) {
    throw invalidMapping(
      file,
      parsed.error.issues.map((issue) => {
        // An unknown key is pointed at where it is written, not at the object holding it.
        const where = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
        const at = atLine(lineOf(where as MappingPath));
        return issue.path.length === 0
          ? retrievalError('acl_mapping_whole', { file, at, problem: advice(issue) })
          : retrievalError('acl_mapping_field', { file, at, path: mappingPathText(issue.path), problem: advice(issue) });
      }),
    );
  }
  const problems = mappingPrincipalProblems(parsed.data).map(({ path, said }) =>
    said({ file, at: atLine(lineOf(path)), path: mappingPathText(path) }),
  );
  if (problems.length > 0) throw invalidMapping(file, problems);
  return { mapping: parsed.data, file, lineOf };
}

/** Checks a mapping handed over already read (no file, so no lines). */
export function givenAclMapping(given: AclMappingInput): ReadAclMapping {
  return checkedMapping(given, [retrievalError('acl_mapping_given')], () => null);
}

/** The most a mapping file may hold: far above any team's mapping, far below memory. */
const MAPPING_MAX_BYTES = 16 * 1024 * 1024;

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/**
 * The file's text; a path that is not there, or a file this user may not read, is not a YAML
 * problem. A device, a pipe, a folder or a file over MAPPING_MAX_BYTES is refused unread, as the
 * other files a user names are (electron/input-file.ts): `--acl` given a FIFO waited forever holding
 * the load lock, and `/dev/zero` was read until memory ran out.
 */
function mappingText(file: string): string {
  const hint = retrievalError('acl_mapping_not_read_hint');
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (error) {
    throw codedError(
      'invalid_input',
      // The system's error by its code, what is wrong and what to do.
      retrievalError('acl_mapping_not_read', { file, reason: [unreadableReason(error)] }),
      {
        hint,
        cause: error,
      },
    );
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw codedError('invalid_input', retrievalError('input_not_a_file', { file }), { hint });
    if (stat.size > MAPPING_MAX_BYTES)
      throw codedError(
        'invalid_input',
        retrievalError('input_too_large', { file, size_mb: megabytes(stat.size), limit_mb: megabytes(MAPPING_MAX_BYTES) }),
        { hint },
      );
    return utf8Text(file, fs.readFileSync(fd));
  } finally {
    fs.closeSync(fd);
  }
}

/** Reads and validates an ACL mapping file (YAML or JSON) with the line of every path in it. */
export function readAclMappingFile(file: string, door: LoadDoor = 'command'): ReadAclMapping {
  const text = mappingText(file);
  const unreadable = (reason: CoreMessage, cause: unknown) =>
    codedError('invalid_input', retrievalError('acl_mapping_unreadable', { file, reason: [reason] }), {
      hint: retrievalError(door === 'screen' ? 'acl_mapping_unreadable_screen_hint' : 'acl_mapping_unreadable_hint'),
      cause,
    });
  // Measured before the YAML library builds it, which recurses once per level (thousands of levels overflowed it).
  const deep = yamlTooDeepPlace(text);
  if (deep !== null)
    throw codedError('invalid_input', retrievalError('acl_mapping_too_deep', { file, line: deep.line, max: MAX_YAML_NESTING }), {
      hint: retrievalError(door === 'screen' ? 'acl_mapping_unreadable_screen_hint' : 'acl_mapping_unreadable_hint'),
    });
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines });
  const [syntax] = document.errors;
  // The YAML library's error as its code and place, never its English message (which quotes the file back).
  if (syntax) throw unreadable(yamlProblem(syntax, text), syntax);
  let raw: unknown;
  try {
    raw = document.toJS();
  } catch (error) {
    // The YAML library refuses to build an alias bomb ("Excessive alias count …"): the file's problem, not the app's, worded by kind.
    throw unreadable(yamlBuildReason(error), error);
  }
  // An empty file (or one of comments, or `~`) was read as no mapping and the load went on under front matter alone.
  if (raw === null || raw === undefined)
    throw codedError('invalid_input', retrievalError('acl_mapping_empty', { file }), {
      hint: retrievalError(door === 'screen' ? 'acl_mapping_unreadable_screen_hint' : 'acl_mapping_unreadable_hint'),
    });
  return checkedMapping(raw, file, lineLocator(document, lines));
}

/** Reads and validates an ACL mapping file (YAML or JSON); problems name the file, the line and what to fix. */
export function readAclMapping(file: string, door: LoadDoor = 'command'): AclMapping {
  return readAclMappingFile(file, door).mapping;
}
