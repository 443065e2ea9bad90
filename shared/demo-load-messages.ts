import { messageBuilder, type CoreMessage, type CoreParams } from './core-message';

/**
 * A load of the demo corpus or a folder of markdown in words (namespace `demo_load`): the summary
 * `lens demo load` prints, the access-default labels, and every warning the load gives (access
 * defaults applied, a mapping entry that widened access, files nobody can see, bytes that are not
 * UTF-8, unreadable dates, decision records that do not resolve), each a code with parameters. The
 * summary's English `warnings` are worded from here and `warning_messages` keeps the codes beside
 * them; the CLI words them in English. A count a sentence agrees with has a `_one` and an `_other`
 * code (English inflects; Korean words both alike), so "1 file" and "2 files" are both right.
 */

type Catalogue = Readonly<Record<string, string>>;

const en = {
  // The summary's lines (the CLI indents them).
  loaded: 'Loaded {{source}} into {{target}} in {{seconds}} s',
  // The source of a load of the built-in corpus (a folder's is its path).
  source_demo_corpus: 'demo corpus',
  // Each figure a `count_*` message agreeing with its number ("1 document", "2 documents").
  counts: '{{documents}} ({{adrs}}, {{supersessions}}), {{chunks}}, {{claims}}, {{evidence}}, {{entities}}, {{principals}}, {{groups}}',
  count_documents_one: '{{count}} document',
  count_documents_other: '{{count}} documents',
  count_adrs_one: '{{count}} ADR',
  count_adrs_other: '{{count}} ADRs',
  count_supersessions_one: '{{count}} supersession',
  count_supersessions_other: '{{count}} supersessions',
  count_chunks_one: '{{count}} chunk',
  count_chunks_other: '{{count}} chunks',
  count_claims_one: '{{count}} claim',
  count_claims_other: '{{count}} claims',
  count_evidence_one: '{{count}} evidence',
  count_evidence_other: '{{count}} evidence',
  count_entities_one: '{{count}} entity',
  count_entities_other: '{{count}} entities',
  count_principals_one: '{{count}} principal',
  count_principals_other: '{{count}} principals',
  count_groups_one: '{{count}} group',
  count_groups_other: '{{count}} groups',
  embeddings: 'embeddings: {{name}} ({{kind}}, {{dimensions}} dimensions)',
  acl_defaults_none: 'Access defaults applied: none (every file gave its access fields)',
  acl_defaults_header: 'Access defaults applied, counted in files (--json names them):',
  acl_default_line_one: '{{label}}: {{count}} file',
  acl_default_line_other: '{{label}}: {{count}} files',
  label_visibility_restricted: 'visibility defaulted to restricted',
  label_visibility_private: 'visibility defaulted to private (owner only)',
  label_workspace_default: 'workspace defaulted to "{{workspace}}"',
  label_no_acl_public: 'no ACL at all → public in workspace "{{workspace}}"',
  query_as_header: 'Query as (lens query "…" --as <principal>; each sees its workspace\'s public documents):',
  ready_principal: '{{workspace}}: {{principal}} ({{how}}; {{documents}})',
  principal_made: 'made by the loader',
  principal_defined: 'defined by the corpus',
  principal_defined_mapping: 'defined in the ACL mapping',
  mapping_principals_header: 'Principals the ACL mapping defines ({{count}}; lens query "…" --as <principal>):',
  mapping_principal: '{{workspace}}: {{principal}} ({{groups}}; {{partitions}})',
  mapping_principal_sees: '{{workspace}}: {{principal}} ({{groups}}; {{partitions}}) sees {{documents}} and {{chunks}} of them',
  sees_documents_one: '{{count}} document',
  sees_documents_other: '{{count}} documents',
  sees_chunks_one: '{{count}} chunk',
  sees_chunks_other: '{{count}} chunks',
  principal_groups: 'groups {{groups}}',
  principal_no_groups: 'no groups',
  principal_partitions: 'acl_partitions {{partitions}}',
  principal_no_partitions: 'no acl_partitions',
  public_documents_one: '{{count}} public document',
  public_documents_other: '{{count}} public documents',
  // The ADR part of the summary. `statuses` is the status counts worded in the same language, joined with ", ".
  adr_recognised:
    'ADRs recognised: {{recognised}}; supersessions: {{total}} ({{partial}} partial, {{drift}} drift: the newer record alone says so)',
  adr_recognised_by_status:
    'ADRs recognised: {{recognised}} ({{statuses}}); supersessions: {{total}} ({{partial}} partial, {{drift}} drift: the newer record alone says so)',
  status_count_accepted: '{{count}} accepted',
  status_count_proposed: '{{count}} proposed',
  status_count_pending: '{{count}} pending (incomplete, on hold)',
  status_count_rejected: '{{count}} rejected',
  status_count_deprecated: '{{count}} deprecated',
  status_count_superseded: '{{count}} superseded',
  status_count_partly_superseded: '{{count}} partly superseded',
  status_count_unknown: '{{count}} no or unknown status',
  statuses_not_understood_header: 'Statuses not understood ({{count}}; kept verbatim, read as unknown):',
  status_not_understood: '{{file}}: "{{status}}"',
  status_under_nested_key:
    '{{file}}: "{{status}}" under the nested front matter key {{key}}, which is not read; write it as a top-level "status:" to have it read',
  status_as_link_definition:
    '{{file}}: "{{status}}" is written as a link reference definition ("[Status]: …"), which Markdown shows as nothing, so it is not read; write it as "Status: {{status}}" to have it read',
  unresolved_references_header: 'Record references not resolved ({{count}}; no edge was written for them):',
  skipped_header: 'Skipped ({{count}}; left out on purpose, the rest loaded):',
  warnings_header: 'Warnings ({{count}}):',
  failed_header: 'Failed ({{count}}; everything else loaded):',
  // Under a list of the printed summary cut at its first entries: the rest are in --json, never dropped.
  list_more: '… and {{count}} more (lens demo load --json lists every one)',

  // The files a warning names: the first few, then how many more.
  named_files: '{{files}}',
  named_files_more: '{{files}} and {{more}} more',

  // One warning per access default applied.
  default_no_acl_public_one:
    '{{count}} file had no ACL in front matter or a mapping file; the documents read from it were loaded as public in workspace "{{workspace}}": {{files}}.',
  default_no_acl_public_other:
    '{{count}} files had no ACL in front matter or a mapping file; the documents read from them were loaded as public in workspace "{{workspace}}": {{files}}.',
  default_visibility_restricted_one:
    '{{count}} file had access fields but no visibility; the documents read from it were loaded as restricted (only their owner and allowed groups see them): {{files}}.',
  default_visibility_restricted_other:
    '{{count}} files had access fields but no visibility; the documents read from them were loaded as restricted (only their owner and allowed groups see them): {{files}}.',
  default_visibility_private_one:
    '{{count}} file had owner_id but no visibility and no allowed_groups; the documents read from it were loaded as private (only the owner sees them): {{files}}.',
  default_visibility_private_other:
    '{{count}} files had owner_id but no visibility and no allowed_groups; the documents read from them were loaded as private (only the owner sees them): {{files}}.',
  default_workspace_default_one:
    '{{count}} file had access fields but no workspace_id; the documents read from it were put in workspace "{{workspace}}": {{files}}.',
  default_workspace_default_other:
    '{{count}} files had access fields but no workspace_id; the documents read from them were put in workspace "{{workspace}}": {{files}}.',

  // The folder's other warnings.
  widened_one:
    '{{count}} document is public because a later ACL mapping entry ("{{wider}}") sets visibility public after an earlier one ("{{narrower}}") restricted it (entries apply in file order, the last wins): {{files}}. Put the narrower entry last, or leave visibility out of the wider one, if it is not meant to be public.',
  widened_other:
    '{{count}} documents are public because a later ACL mapping entry ("{{wider}}") sets visibility public after an earlier one ("{{narrower}}") restricted them (entries apply in file order, the last wins): {{files}}. Put the narrower entry last, or leave visibility out of the wider one, if they are not meant to be public.',
  visible_to_nobody_one:
    '{{count}} document is not public and names neither owner_id nor allowed_groups (an empty list names no group), so no principal can see it until one of them is written: {{files}}.',
  visible_to_nobody_other:
    '{{count}} documents are not public and name neither owner_id nor allowed_groups (an empty list names no group), so no principal can see them until one of them is written: {{files}}.',
  // A principal of the ACL mapping whose workspace, groups or partitions nothing loaded names; `where` is the mapping file and line.
  mapping_where: '{{file}}',
  mapping_where_line: '{{file}} line {{line}}',
  // Two ids of a mapping or principals file that differ only so (shared/alike-ids.ts): names are compared exactly.
  principal_ids_alike:
    '{{where}}: principal id "{{id}}" differs from "{{other}}" ({{other_where}}) only {{how}}; ids are compared exactly, so these are two principals and each sees only what is granted to its own id. Write one spelling if they are meant to be one.',
  group_ids_alike:
    '{{where}}: group id "{{id}}" differs from "{{other}}" ({{other_where}}) only {{how}}; ids are compared exactly, so these are two groups and a member of one sees nothing granted to the other. Write one spelling if they are meant to be one.',
  file_entry_where: '{{file}} entry {{n}}',
  // A principal's group named like a wildcard or like visibility `public` (lens principals import): it is a group of that name only.
  group_name_reads_wide:
    '{{where}}: principal {{principal}} is in group "{{group}}"; a group name is compared exactly and is no wildcard, so it sees only documents whose allowed_groups name "{{group}}", not every group\'s and not the public ones (a document is public by visibility: public, which every principal of its workspace sees). Remove the group unless documents name it.',
  document_group_alike:
    '{{file}}: allowed_groups names "{{group}}", which differs from group "{{other}}" of principal {{principal}} only {{how}}; groups are compared exactly, so that principal does not see this document through it. Write "{{other}}" if that group is meant.',
  // The local list (lens principals import) could not be read for the comparison above; `reason` is the store's own sentence.
  local_principals_unread:
    "the local list of principals (lens principals import) could not be read, so the groups the documents name were not compared with its principals' groups: {{reason}}",
  local_principals_unknown_part: 'the trace store failed without saying why; run lens traces check',
  document_group_alike_local:
    '{{file}}: allowed_groups names "{{group}}", which differs from group "{{other}}" of principal {{principal}} of the local list (lens principals import) only {{how}}; groups are compared exactly, so that principal does not see this document through it. Write "{{other}}" if that group is meant.',
  alike_normal_form: 'in Unicode normal form (one is composed, NFC, the other decomposed, NFD, as macOS writes Hangul)',
  alike_spaces: 'in the spaces around it',
  alike_case: 'in letter case (or spaces or Unicode normal form as well)',
  // A `files:` pattern of the ACL mapping that no file of the folder matches: its access fields apply to nothing.
  mapping_glob_unmatched:
    '{{where}}: the pattern "{{glob}}" matches no file of the folder, so its access fields apply to nothing; patterns are paths relative to the folder given, such as {{example}}.',
  principal_workspace_unmatched:
    "{{where}}: principal {{principal}} is in workspace {{workspace}}, which no loaded document is in, so it sees no document; check the spelling against the documents' workspace_id.",
  principal_groups_unmatched_one:
    "{{where}}: principal {{principal}} is in group {{groups}}, which no loaded document names in allowed_groups, so it sees no document through it; check the spelling against the documents' allowed_groups.",
  principal_groups_unmatched_other:
    "{{where}}: principal {{principal}} is in groups {{groups}}, which no loaded document names in allowed_groups, so it sees no document through them; check the spelling against the documents' allowed_groups.",
  principal_partitions_unmatched_one:
    "{{where}}: principal {{principal}} has acl_partition {{partitions}}, which no loaded chunk has, so it opens no chunk; check the spelling against the documents' acl_partition.",
  principal_partitions_unmatched_other:
    "{{where}}: principal {{principal}} has acl_partitions {{partitions}}, which no loaded chunk has, so they open no chunk; check the spelling against the documents' acl_partition.",
  not_utf8_one: '{{file}}: is not valid UTF-8 in {{count}} place; it was replaced with U+FFFD. Save the file as UTF-8.',
  not_utf8_other: '{{file}}: is not valid UTF-8 in {{count}} places; each was replaced with U+FFFD. Save the file as UTF-8.',
  unquoted_colon:
    '{{file}} line {{line}}: front matter {{key}} holds an unquoted ": ", which YAML refuses; it was read as the text written. Quote the value to silence this.',
  unknown_tag:
    '{{file}} line {{line}}: front matter gives {{tag}}, a tag YAML does not know; it was left out and the value read as the text written after it (nothing in it runs). Remove the tag, or quote the value with it.',
  unquoted_reserved:
    '{{file}} line {{line}}: front matter {{key}} starts with "{{char}}", which YAML refuses unquoted; it was read as the text written. Quote the value to silence this.',
  no_chunks: '{{file}}: has no text to chunk; loaded without chunks.',
  date_alias_not_a_date:
    '{{file}}: front matter {{name}} {{value}} is not a date such as 2026-05-20 or 2026-05-20T09:00:00Z; the document loads without its {{field}}.',

  // Decision records whose supersession statements do not resolve (the ADR report lists the unresolved references).
  adr_missing_successor:
    '{{file}}: its status says "{{status}}" but no ADR is named as its successor, in it or in any other ADR; add "Superseded by [title](file.md)" to its status, or a "supersedes [title](file.md)" sentence to the newer ADR',
  adr_folder_status_superseded:
    '{{file}}: its status says "{{status}}" but it is kept in {{folder}}/, so it loads as superseded; if it is still in force, move it out of {{folder}}/, otherwise change its status to say so',
  adr_folder_status_deprecated:
    '{{file}}: its status says "{{status}}" but it is kept in {{folder}}/, so it loads as deprecated; if it is still in force, move it out of {{folder}}/, otherwise change its status to say so',
  adr_banner_status_superseded:
    '{{file}}: its status says "{{status}}" but a banner over its text says "{{banner}}", so it loads as superseded; if it is still in force, remove the banner, otherwise change its status to say so',
  adr_banner_status_deprecated:
    '{{file}}: its status says "{{status}}" but a banner over its text says "{{banner}}", so it loads as deprecated; if it is still in force, remove the banner, otherwise change its status to say so',
  adr_banner_status_partly_superseded:
    '{{file}}: its status says "{{status}}" but a banner over its text says "{{banner}}", so it loads as partly superseded; if it is still in force, remove the banner, otherwise change its status to say so',
  adr_renamed_target:
    '{{file}}: the link to "{{target}}" names no file of this corpus; it was read as {{found}}, the one record numbered {{number}} beside it: fix the link',
  adr_shared_id: '{{files}} all carry the id {{adr_id}}; a reference to {{adr_id}} cannot tell them apart, so give each its own number',
  adr_name_status_differs:
    '{{file}}: its status says "{{status}}" but its file name says "{{word}}"; it loads with the status it states, so if that is out of date change it, otherwise rename the file',
  adr_index_status_differs:
    '{{file}}: its status says "{{status}}" but {{index}} lists it as "{{index_status}}"; it loads with its own status, so if it is no longer in force change its status to say so, otherwise correct {{index}}',
  adr_date_ambiguous:
    '{{file}}: its date "{{text}}" may be day first ({{day_first}}) or month first ({{month_first}}), and no other record of its folder writes a date that tells which, so it loads undated; write it year first, as {{day_first}} or {{month_first}}',
  adr_not_a_record:
    '{{file}}: "{{target}}" is named in a supersession statement but {{found}} is not an ADR, so no SUPERSEDED_BY edge joins them; nothing to fix if the sentence is about that document',
  adr_unresolved_target:
    '{{file}}: {{how}} "{{target}}", named {{named}}, matches no ADR in this corpus; fix the {{what}} or add that ADR to the folder',
  adr_ambiguous_target:
    '{{file}}: {{how}} "{{target}}", named {{named}}, matches {{count}} ADRs ({{names}}); link to the file of the one meant',
  adr_self_reference: '{{file}}: {{how}} "{{target}}", named {{named}}, points at the ADR itself; point it at the other ADR',
  adr_conflicting_extent:
    '{{old}} and {{next}} disagree on whether {{adr_id}} is partly or fully superseded; it counts as fully superseded until every statement says "partly"',
  // The clauses a reference's sentence is built from.
  ref_how_link: 'the link to',
  ref_how_title: 'the title',
  ref_how_reference: 'the reference',
  ref_named_successor: 'as its successor',
  ref_named_replaced: 'as a record it replaces',
  ref_fix_link: 'link target',
  ref_fix_title: 'title',
  ref_fix_reference: 'reference',

  // Files left out on purpose (the summary's skipped), each naming the file and why.
  skip_navigation: '{{file}}: is a wiki or book navigation file (a list of links to the other pages), not a document; it is not read.',
  skip_name_unsafe:
    '{{file}}: its name holds {{char}} (character {{position}}), a line break, control or reordering character, so the name would read otherwise wherever it is listed or cited; it was not read. Rename the file.',
  skip_name_unsafe_folder:
    "{{file}}: the folder's name holds {{char}} (character {{position}}), a line break, control or reordering character, so its files' names would read otherwise wherever they are listed or cited; the markdown files in it were not read. Rename the folder.",
  skip_not_a_file: '{{file}}: is not a regular file (a device, pipe or socket).',
  skip_dependencies:
    "{{file}}: is a folder of installed packages holding {{count}} markdown files, the packages' own documents; they are not read: load that folder itself to read them.",
  skip_dependencies_many:
    "{{file}}: is a folder of installed packages holding at least {{count}} markdown files (not all of it was looked through), the packages' own documents; they are not read: load that folder itself to read them.",
  skip_too_large:
    '{{file}}: is {{size}} MB, more than the {{limit}} MB a document may be; it is not read: split it into smaller files to load it.',
  skip_hidden_file: '{{file}}: is a hidden file (its name starts with a dot); it is not read: rename it without the dot to load it.',
  skip_hidden_folder:
    '{{file}}: is a hidden folder (its name starts with a dot) holding {{count}} markdown files; they are not read: load that folder itself to read them.',
  skip_hidden_folder_many:
    '{{file}}: is a hidden folder (its name starts with a dot) holding at least {{count}} markdown files (not all of it was looked through); they are not read: load that folder itself to read them.',
  skip_link_outside_folder: '{{file}}: is a symbolic link to a folder outside the folder; not followed.',
  skip_link_outside_file: '{{file}}: is a symbolic link to a file outside the folder; not followed.',
  skip_link_not_a_file: '{{file}}: is a symbolic link to something that is not a regular file.',
  skip_link_folder_read: '{{file}}: is a symbolic link to a folder that is already read; not read twice.',
  skip_same_file: '{{file}}: is the same file as {{kept}} (through a symbolic link); read once, as {{kept}}.',
  skip_markdown_like: '{{file}}: is a markdown-like file (.{{extension}}) that is not read; pass --ext {{extension}} to read it.',
  // The same, for a load from the Connect screen's form, whose field stands for --ext.
  skip_markdown_like_screen:
    '{{file}}: is a markdown-like file (.{{extension}}) that is not read; add {{extension}} under "Also read these extensions" to read it.',
  skip_no_extension: '{{file}}: has no extension but opens like markdown; it is not read: rename it to end in .md to load it.',
  skip_plain_text_record:
    '{{file}}: is a plain-text file (.txt) kept as a decision record (in a folder of records, or under a Status: line), and .txt files are not read; pass --ext txt to read it as markdown, or rename it to end in .md.',
  // The same, for a load from the Connect screen's form.
  skip_plain_text_record_screen:
    '{{file}}: is a plain-text file (.txt) kept as a decision record (in a folder of records, or under a Status: line), and .txt files are not read; add txt under "Also read these extensions" to read it as markdown, or rename it to end in .md.',
  skip_binary: '{{file}}: {{why}}; skipped as binary.',
  skip_empty:
    '{{file}}: is empty (no text, or only spaces and line breaks), nothing to read; no document was made of it. Write its text to load it.',
  skip_front_matter_only:
    '{{file}}: holds only front matter and no text, nothing to read; no document was made of it. Write its text below the front matter to load it.',
  // Why a file is binary (the clause of skip_binary).
  binary_signature: 'starts like a {{format}}',
  binary_utf16: 'is {{encoding}} text; save it as UTF-8',
  binary_nul: 'holds a NUL byte at offset {{offset}}',
  binary_not_utf8:
    'is not UTF-8 text ({{count}} invalid sequences in its first {{bytes}} bytes; if it is text in another encoding, such as EUC-KR or Windows-1252, save it as UTF-8)',
  format_png: 'PNG image',
  format_jpeg: 'JPEG image',
  format_gif: 'GIF image',
  format_pdf: 'PDF document',
  format_zip: 'ZIP archive (or an Office document)',
  format_gzip: 'gzip archive',
  format_bzip2: 'bzip2 archive',
  format_xz: 'xz archive',
  format_zstd: 'zstd archive',
  format_7zip: '7-Zip archive',
  format_rar: 'RAR archive',
  format_elf: 'ELF executable',
  format_legacy_office: 'legacy Office document',
  encoding_utf16le: 'UTF-16 (little-endian)',
  encoding_utf16be: 'UTF-16 (big-endian)',
  encoding_utf16le_unmarked: 'UTF-16 (little-endian, without a byte-order mark)',
  encoding_utf16be_unmarked: 'UTF-16 (big-endian, without a byte-order mark)',
  encoding_utf32le: 'UTF-32 (little-endian)',
  encoding_utf32be: 'UTF-32 (big-endian)',

  // Files that failed (the summary's failed), each naming the file, its line when known, and what to fix.
  // `reason`: why and what to do, a clause of electron/input-file.ts's unreadableReason or link_target_missing_part.
  fail_folder_unreadable: '{{file}}: the folder cannot be read: {{reason}}.',
  fail_unreadable: '{{file}}: cannot be read: {{reason}}.',
  link_target_missing_part: 'it is a symbolic link to {{target}}, which does not exist; point the link at the file, or remove it',
  // A file the walk listed that was gone or another kind of entry when its turn to be read came (another program changed the folder).
  read_vanished_part:
    'it was listed, then removed or renamed before it was read (another program changed the folder during the load); load the folder again',
  read_replaced_part:
    'it was listed as a file, then replaced by something that is no regular file (a folder, a pipe, a device) before it was read; load the folder again',
  read_replaced_by_link_part:
    'it was listed as a file, then replaced by a symbolic link before it was read (a link is followed only as the folder is listed); load the folder again',
  fail_duplicate_id: '{{file}}: document_id {{id}} is already used by {{other}}; give each document its own id.',
  fm_unclosed_yaml:
    '{{file}} line {{line}}: front matter starts with --- but no closing --- line follows; add a line with only --- after the front matter, or remove the first line if it is not front matter',
  fm_unclosed_toml:
    '{{file}} line {{line}}: front matter starts with +++ but no closing +++ line follows; add a line with only +++ after the front matter, or remove the first line if it is not front matter',
  fm_invalid_toml: '{{file}} line {{line}}: front matter is not valid TOML ({{reason}}); fix the TOML between the two +++ lines',
  fm_toml_unclosed_part: 'a string, [ ] or { } is not closed, or a comma between items is missing',
  fm_toml_bad_key_part: 'a key is empty or holds a character a bare key cannot; put such a key in quotes',
  fm_toml_duplicate_part: 'a key or table is defined twice',
  fm_toml_bad_escape_part: 'a string holds an escape sequence TOML does not know',
  fm_toml_control_char_part: 'a string is not closed before its line ends, or a string or comment holds a control character',
  fm_toml_one_per_line_part: 'something follows a value on its line; write each key = value on a line of its own',
  fm_toml_bad_value_part: 'a value is not a valid TOML string, number, date, true or false; put text in quotes',
  fm_toml_too_deep_part: 'tables and arrays nest too deep',
  fm_toml_unsafe_key_part: 'a key is named __proto__ or constructor, which cannot be read safely',
  fm_toml_invalid_part: 'it could not be read as TOML',
  fm_invalid_yaml: '{{file}} line {{line}}: front matter is not valid YAML ({{reason}}); fix the YAML between the two --- lines',
  fm_too_deep:
    '{{file}} line {{line}}: front matter nests maps and lists more than {{max}} levels deep; write it flatter between the two --- lines',
  fm_unreadable_yaml: '{{file}} line {{line}}: front matter could not be read as YAML ({{reason}}); fix the YAML between the two --- lines',
  fm_not_mapping:
    '{{file}} line {{line}}: front matter is {{what}}, not a mapping; write it as "key: value" lines between the two --- lines',
  fm_what_list: 'a list',
  fm_what_single: 'a single {{type}} value',
  // A value YAML built for one of its type tags: named by the tag, with what it made and what to do.
  fm_tagged_value_part:
    'is tagged {{tag}}, which makes YAML read it as {{what}}, not a value the loader reads; remove the {{tag}} tag and write the value itself',
  fm_what_tagged: 'a value tagged {{tag}} ({{what}})',
  fm_tag_binary: 'base64-encoded bytes',
  fm_tag_set: 'a set',
  fm_tag_omap: 'an ordered map',

  // The demo's entities.yaml and claims.yaml: a link or a claim that names what is not there.
  entity_link_undefined: '{{file}}: service {{service}} refers to {{label}} {{target}}, which is not defined.',
  claim_document_not_loaded: '{{file}}: claim {{claim}} cites document {{document}}, which was not loaded.',
  claim_quote_not_found: '{{file}}: claim {{claim}} quotes "{{quote}}", which is not inside one chunk of {{document}}.',
  claim_unknown_entity: '{{file}}: claim {{claim}} is about {{entity}}, which is not an entity in entities.yaml.',

  // A front matter or access field of the wrong shape; `issue` is the schema's words about it.
  fm_field_invalid: '{{file}}: front matter {{key}} {{issue}}.',
  fm_field_invalid_line: '{{file}} line {{line}}: front matter {{key}} {{issue}}.',
  acl_field_invalid: '{{file}}: ACL field {{key}} {{issue}} in {{where}} ({{hint}}).',
  acl_field_invalid_line: '{{file}} line {{line}}: ACL field {{key}} {{issue}} in {{where}} ({{hint}}).',
  acl_where_front_matter: 'front matter',
  acl_where_mapping: 'the ACL mapping',
  acl_hint_visibility: 'visibility is public, restricted or private',
  acl_hint_allowed_groups: 'allowed_groups is a list such as [g-hr]',
  acl_hint_workspace_id: 'workspace_id is one non-empty text',
  acl_hint_owner_id: 'owner_id is one principal id',
  acl_hint_acl_partition: 'acl_partition is one non-empty text',
  field_is_invalid: 'is invalid',
} as const;

/** A code of the demo-load catalogue. */
export type DemoLoadMessageCode = keyof typeof en;

const ko: Readonly<Record<DemoLoadMessageCode, string>> = {
  loaded: '{{source}}을(를) {{target}}에 {{seconds}}초 만에 불러왔습니다',
  source_demo_corpus: '데모 코퍼스',
  counts: '{{documents}}({{adrs}}, {{supersessions}}), {{chunks}}, {{claims}}, {{evidence}}, {{entities}}, {{principals}}, {{groups}}',
  count_documents_one: '문서 {{count}}개',
  count_documents_other: '문서 {{count}}개',
  count_adrs_one: 'ADR {{count}}개',
  count_adrs_other: 'ADR {{count}}개',
  count_supersessions_one: '대체 관계 {{count}}개',
  count_supersessions_other: '대체 관계 {{count}}개',
  count_chunks_one: '청크 {{count}}개',
  count_chunks_other: '청크 {{count}}개',
  count_claims_one: '주장 {{count}}개',
  count_claims_other: '주장 {{count}}개',
  count_evidence_one: '근거 {{count}}개',
  count_evidence_other: '근거 {{count}}개',
  count_entities_one: '엔티티 {{count}}개',
  count_entities_other: '엔티티 {{count}}개',
  count_principals_one: '주체 {{count}}개',
  count_principals_other: '주체 {{count}}개',
  count_groups_one: '그룹 {{count}}개',
  count_groups_other: '그룹 {{count}}개',
  embeddings: '임베딩: {{name}}({{kind}}, {{dimensions}}차원)',
  acl_defaults_none: '적용된 접근 기본값: 없음(모든 파일이 접근 필드를 적었습니다)',
  acl_defaults_header: '적용된 접근 기본값, 파일 수 기준(--json이 파일 이름을 나열합니다):',
  acl_default_line_one: '{{label}}: 파일 {{count}}개',
  acl_default_line_other: '{{label}}: 파일 {{count}}개',
  label_visibility_restricted: 'visibility를 restricted로 기본 설정',
  label_visibility_private: 'visibility를 private(소유자만)로 기본 설정',
  label_workspace_default: '작업 공간을 "{{workspace}}"(으)로 기본 설정',
  label_no_acl_public: 'ACL이 전혀 없음 → 작업 공간 "{{workspace}}"에서 공개',
  query_as_header: '다음 주체로 조회하세요(lens query "…" --as <principal>; 각 주체는 자기 작업 공간의 공개 문서를 봅니다):',
  ready_principal: '{{workspace}}: {{principal}}({{how}}; {{documents}})',
  principal_made: '로더가 만듦',
  principal_defined: '코퍼스에 정의됨',
  principal_defined_mapping: 'ACL 매핑에 정의됨',
  mapping_principals_header: 'ACL 매핑이 정의한 주체({{count}}개; lens query "…" --as <principal>):',
  mapping_principal: '{{workspace}}: {{principal}}({{groups}}; {{partitions}})',
  mapping_principal_sees:
    '{{workspace}}: {{principal}}({{groups}}; {{partitions}}): 문서 {{documents}}, 그 가운데 청크 {{chunks}}를 봅니다',
  sees_documents_one: '{{count}}개',
  sees_documents_other: '{{count}}개',
  sees_chunks_one: '{{count}}개',
  sees_chunks_other: '{{count}}개',
  principal_groups: '그룹 {{groups}}',
  principal_no_groups: '그룹 없음',
  principal_partitions: '파티션 {{partitions}}',
  principal_no_partitions: '파티션 없음',
  public_documents_one: '공개 문서 {{count}}개',
  public_documents_other: '공개 문서 {{count}}개',
  adr_recognised:
    '인식한 ADR: {{recognised}}개; 대체 관계: {{total}}개(일부 대체 {{partial}}개, 어긋남 {{drift}}개: 새 기록만 그렇게 말함)',
  adr_recognised_by_status:
    '인식한 ADR: {{recognised}}개({{statuses}}); 대체 관계: {{total}}개(일부 대체 {{partial}}개, 어긋남 {{drift}}개: 새 기록만 그렇게 말함)',
  status_count_accepted: '승인 {{count}}개',
  status_count_proposed: '제안 {{count}}개',
  status_count_pending: '보류 {{count}}개(미완성, 대기 중)',
  status_count_rejected: '거부 {{count}}개',
  status_count_deprecated: '폐기 {{count}}개',
  status_count_superseded: '대체됨 {{count}}개',
  status_count_partly_superseded: '일부 대체됨 {{count}}개',
  status_count_unknown: '상태가 없거나 알 수 없음 {{count}}개',
  statuses_not_understood_header: '이해하지 못한 상태({{count}}개; 적힌 그대로 두고 알 수 없음으로 읽음):',
  status_not_understood: '{{file}}: "{{status}}"',
  status_under_nested_key:
    '{{file}}: "{{status}}"이(가) 읽지 않는 중첩 front matter 키 {{key}} 아래에 있습니다. 읽히게 하려면 최상위 "status:"로 적으세요',
  status_as_link_definition:
    '{{file}}: "{{status}}"이(가) 링크 참조 정의("[Status]: …")로 적혀 있어 Markdown에서 아무것도 보이지 않으므로 읽지 않습니다. 읽히게 하려면 "Status: {{status}}"로 적으세요',
  unresolved_references_header: '해석하지 못한 기록 참조({{count}}개; 이들에 대해서는 관계를 쓰지 않음):',
  skipped_header: '건너뜀({{count}}개; 일부러 뺐으며 나머지는 불러왔습니다):',
  warnings_header: '경고({{count}}개):',
  failed_header: '실패({{count}}개; 나머지는 모두 불러왔습니다):',
  list_more: '… 외 {{count}}개 (lens demo load --json이 모두 보여 줍니다)',

  named_files: '{{files}}',
  named_files_more: '{{files}} 외 {{more}}개',

  default_no_acl_public_one:
    '파일 {{count}}개에 front matter에도 매핑 파일에도 ACL이 없어, 그 파일에서 읽은 문서를 작업 공간 "{{workspace}}"의 공개 문서로 불러왔습니다: {{files}}.',
  default_no_acl_public_other:
    '파일 {{count}}개에 front matter에도 매핑 파일에도 ACL이 없어, 그 파일들에서 읽은 문서를 작업 공간 "{{workspace}}"의 공개 문서로 불러왔습니다: {{files}}.',
  default_visibility_restricted_one:
    '파일 {{count}}개에 접근 필드는 있지만 visibility가 없어, 그 파일에서 읽은 문서를 restricted(소유자와 허용 그룹만 봄)로 불러왔습니다: {{files}}.',
  default_visibility_restricted_other:
    '파일 {{count}}개에 접근 필드는 있지만 visibility가 없어, 그 파일들에서 읽은 문서를 restricted(소유자와 허용 그룹만 봄)로 불러왔습니다: {{files}}.',
  default_visibility_private_one:
    '파일 {{count}}개에 owner_id는 있지만 visibility와 allowed_groups가 없어, 그 파일에서 읽은 문서를 private(소유자만 봄)로 불러왔습니다: {{files}}.',
  default_visibility_private_other:
    '파일 {{count}}개에 owner_id는 있지만 visibility와 allowed_groups가 없어, 그 파일들에서 읽은 문서를 private(소유자만 봄)로 불러왔습니다: {{files}}.',
  default_workspace_default_one:
    '파일 {{count}}개에 접근 필드는 있지만 workspace_id가 없어, 그 파일에서 읽은 문서를 작업 공간 "{{workspace}}"에 넣었습니다: {{files}}.',
  default_workspace_default_other:
    '파일 {{count}}개에 접근 필드는 있지만 workspace_id가 없어, 그 파일들에서 읽은 문서를 작업 공간 "{{workspace}}"에 넣었습니다: {{files}}.',

  widened_one:
    '앞선 ACL 매핑 항목("{{narrower}}")이 제한한 문서 {{count}}개가, 뒤의 항목("{{wider}}")이 visibility를 public으로 설정해 공개되었습니다(항목은 파일 순서대로 적용되어 마지막이 이깁니다): {{files}}. 공개할 뜻이 아니라면 좁은 항목을 마지막에 두거나 넓은 항목에서 visibility를 빼세요.',
  widened_other:
    '앞선 ACL 매핑 항목("{{narrower}}")이 제한한 문서 {{count}}개가, 뒤의 항목("{{wider}}")이 visibility를 public으로 설정해 공개되었습니다(항목은 파일 순서대로 적용되어 마지막이 이깁니다): {{files}}. 공개할 뜻이 아니라면 좁은 항목을 마지막에 두거나 넓은 항목에서 visibility를 빼세요.',
  visible_to_nobody_one:
    '문서 {{count}}개가 공개가 아니면서 owner_id도 allowed_groups도 적지 않아(빈 목록은 아무 그룹도 적지 않은 것입니다), 그중 하나를 적기 전까지 어떤 주체도 볼 수 없습니다: {{files}}.',
  visible_to_nobody_other:
    '문서 {{count}}개가 공개가 아니면서 owner_id도 allowed_groups도 적지 않아(빈 목록은 아무 그룹도 적지 않은 것입니다), 그중 하나를 적기 전까지 어떤 주체도 볼 수 없습니다: {{files}}.',
  mapping_where: '{{file}}',
  mapping_where_line: '{{file}} {{line}}행',
  principal_ids_alike:
    '{{where}}: 주체 id "{{id}}"는 "{{other}}"({{other_where}})와 {{how}}만 다릅니다. id는 정확히 같아야 같은 것으로 보므로 이 둘은 서로 다른 주체이고, 각자 자기 id에 허용된 것만 봅니다. 같은 주체라면 한 가지 표기로 쓰세요.',
  group_ids_alike:
    '{{where}}: 그룹 id "{{id}}"는 "{{other}}"({{other_where}})와 {{how}}만 다릅니다. id는 정확히 같아야 같은 것으로 보므로 이 둘은 서로 다른 그룹이고, 한쪽의 구성원은 다른 쪽에 허용된 것을 보지 못합니다. 같은 그룹이라면 한 가지 표기로 쓰세요.',
  file_entry_where: '{{file}} {{n}}번째 항목',
  group_name_reads_wide:
    '{{where}}: 주체 {{principal}}이(가) 그룹 "{{group}}"에 속합니다. 그룹 이름은 정확히 비교하며 와일드카드가 아니므로, 이 주체는 allowed_groups에 "{{group}}"이(가) 적힌 문서만 보고 모든 그룹의 문서나 공개 문서를 이 그룹으로 보지는 않습니다(문서는 visibility: public일 때 공개이며 그 워크스페이스의 모든 주체가 봅니다). 문서가 이 그룹을 쓰지 않는다면 그룹을 지우세요.',
  document_group_alike:
    '{{file}}: allowed_groups의 "{{group}}"은(는) 주체 {{principal}}의 그룹 "{{other}}"와 {{how}}만 다릅니다. 그룹은 정확히 같아야 같은 것으로 보므로 그 주체는 이 그룹으로는 이 문서를 보지 못합니다. 그 그룹을 뜻했다면 "{{other}}"로 쓰세요.',
  local_principals_unread:
    '로컬 주체 목록(lens principals import)을 읽지 못해 문서가 쓴 그룹을 그 주체들의 그룹과 비교하지 않았습니다: {{reason}}',
  local_principals_unknown_part: '트레이스 저장소가 이유를 말하지 않고 실패했습니다. lens traces check를 실행하세요',
  document_group_alike_local:
    '{{file}}: allowed_groups의 "{{group}}"은(는) 로컬 목록(lens principals import)의 주체 {{principal}}의 그룹 "{{other}}"와 {{how}}만 다릅니다. 그룹은 정확히 같아야 같은 것으로 보므로 그 주체는 이 그룹으로는 이 문서를 보지 못합니다. 그 그룹을 뜻했다면 "{{other}}"로 쓰세요.',
  alike_normal_form: '유니코드 정규화 형식(한쪽은 조합형 NFC, 다른 쪽은 macOS가 한글을 쓰는 분해형 NFD)',
  alike_spaces: '앞뒤 공백',
  alike_case: '대소문자(또는 공백이나 유니코드 정규화 형식도)',
  mapping_glob_unmatched:
    '{{where}}: 패턴 "{{glob}}"에 맞는 파일이 폴더에 없어, 그 접근 필드는 어디에도 적용되지 않습니다. 패턴은 불러온 폴더 기준의 상대 경로입니다(예: {{example}}).',
  principal_workspace_unmatched:
    '{{where}}: 주체 {{principal}}의 작업 공간 {{workspace}}에 불러온 문서가 하나도 없어, 이 주체는 어떤 문서도 보지 못합니다. 문서의 workspace_id와 철자를 맞춰 보세요.',
  principal_groups_unmatched_one:
    '{{where}}: 주체 {{principal}}이(가) 속한 그룹 {{groups}}을(를) allowed_groups에 적은 문서가 없어, 이 그룹으로는 어떤 문서도 보지 못합니다. 문서의 allowed_groups와 철자를 맞춰 보세요.',
  principal_groups_unmatched_other:
    '{{where}}: 주체 {{principal}}이(가) 속한 그룹 {{groups}}을(를) allowed_groups에 적은 문서가 없어, 이 그룹들로는 어떤 문서도 보지 못합니다. 문서의 allowed_groups와 철자를 맞춰 보세요.',
  principal_partitions_unmatched_one:
    '{{where}}: 주체 {{principal}}의 acl_partition {{partitions}}을(를) 가진 청크가 없어, 이 파티션으로는 어떤 청크도 열리지 않습니다. 문서의 acl_partition과 철자를 맞춰 보세요.',
  principal_partitions_unmatched_other:
    '{{where}}: 주체 {{principal}}의 acl_partitions {{partitions}}을(를) 가진 청크가 없어, 이 파티션들로는 어떤 청크도 열리지 않습니다. 문서의 acl_partition과 철자를 맞춰 보세요.',
  not_utf8_one: '{{file}}: {{count}}곳이 올바른 UTF-8이 아니어서 U+FFFD로 바꿨습니다. 파일을 UTF-8로 저장하세요.',
  not_utf8_other: '{{file}}: {{count}}곳이 올바른 UTF-8이 아니어서 각각 U+FFFD로 바꿨습니다. 파일을 UTF-8로 저장하세요.',
  unquoted_colon:
    '{{file}} {{line}}행: front matter {{key}}에 따옴표 없는 ": "가 있어 YAML이 거부하므로, 적힌 텍스트 그대로 읽었습니다. 이 경고를 없애려면 값을 따옴표로 감싸세요.',
  unknown_tag:
    '{{file}} {{line}}행: front matter에 YAML이 모르는 태그 {{tag}}이(가) 있어, 태그는 빼고 그 뒤에 적힌 값을 텍스트 그대로 읽었습니다(값 안의 어떤 코드도 실행되지 않습니다). 태그를 지우거나, 태그까지 값으로 따옴표로 감싸세요.',
  unquoted_reserved:
    '{{file}} {{line}}행: front matter {{key}}이(가) 따옴표 없이 "{{char}}"(으)로 시작해 YAML이 거부하므로, 적힌 텍스트 그대로 읽었습니다. 이 경고를 없애려면 값을 따옴표로 감싸세요.',
  no_chunks: '{{file}}: 청크로 나눌 텍스트가 없어 청크 없이 불러왔습니다.',
  date_alias_not_a_date:
    '{{file}}: front matter {{name}} {{value}}은(는) 2026-05-20이나 2026-05-20T09:00:00Z 같은 날짜가 아니어서, 문서를 {{field}} 없이 불러옵니다.',

  adr_missing_successor:
    '{{file}}: 상태가 "{{status}}"라고 하지만 이 ADR에도 다른 어떤 ADR에도 후속 ADR이 적혀 있지 않습니다. 상태에 "Superseded by [title](file.md)"를 더하거나, 새 ADR에 "supersedes [title](file.md)" 문장을 더하세요',
  adr_folder_status_superseded:
    '{{file}}: 상태가 "{{status}}"라고 하지만 {{folder}}/ 폴더에 있어 대체됨으로 불러옵니다. 아직 유효하다면 {{folder}}/ 밖으로 옮기고, 아니면 상태를 그에 맞게 고치세요',
  adr_folder_status_deprecated:
    '{{file}}: 상태가 "{{status}}"라고 하지만 {{folder}}/ 폴더에 있어 폐기됨으로 불러옵니다. 아직 유효하다면 {{folder}}/ 밖으로 옮기고, 아니면 상태를 그에 맞게 고치세요',
  adr_banner_status_superseded:
    '{{file}}: 상태가 "{{status}}"라고 하지만 본문 위의 배너가 "{{banner}}"라고 하여 대체됨으로 불러옵니다. 아직 유효하다면 배너를 지우고, 아니면 상태를 그에 맞게 고치세요',
  adr_banner_status_deprecated:
    '{{file}}: 상태가 "{{status}}"라고 하지만 본문 위의 배너가 "{{banner}}"라고 하여 폐기됨으로 불러옵니다. 아직 유효하다면 배너를 지우고, 아니면 상태를 그에 맞게 고치세요',
  adr_banner_status_partly_superseded:
    '{{file}}: 상태가 "{{status}}"라고 하지만 본문 위의 배너가 "{{banner}}"라고 하여 일부 대체됨으로 불러옵니다. 아직 유효하다면 배너를 지우고, 아니면 상태를 그에 맞게 고치세요',
  adr_renamed_target:
    '{{file}}: "{{target}}" 링크가 이 코퍼스의 어떤 파일도 가리키지 않아, 옆에 있는 번호 {{number}}의 유일한 기록 {{found}}(으)로 읽었습니다. 링크를 고치세요',
  adr_shared_id:
    '{{files}}이(가) 모두 id {{adr_id}}를 가집니다. {{adr_id}}에 대한 참조로는 이들을 구별할 수 없으니 각각 고유한 번호를 주세요',
  adr_name_status_differs:
    '{{file}}: 상태가 "{{status}}"라고 하지만 파일 이름은 "{{word}}"라고 합니다. 적힌 상태로 불러오므로, 그 상태가 낡았다면 고치고, 아니면 파일 이름을 바꾸세요',
  adr_index_status_differs:
    '{{file}}: 상태가 "{{status}}"라고 하지만 {{index}}에는 "{{index_status}}"(으)로 올라 있습니다. 기록 자신의 상태로 불러오니, 더 이상 유효하지 않다면 상태를 그에 맞게 고치고, 아니면 {{index}}을(를) 고치세요',
  adr_date_ambiguous:
    '{{file}}: 날짜 "{{text}}"는 일이 먼저({{day_first}})일 수도, 월이 먼저({{month_first}})일 수도 있는데, 같은 폴더의 다른 기록에 어느 쪽인지 알려 주는 날짜가 없어 날짜 없이 불러옵니다. {{day_first}} 또는 {{month_first}}처럼 연도부터 쓰세요',
  adr_not_a_record:
    '{{file}}: 대체 문장에 "{{target}}"이(가) 적혀 있지만 {{found}}은(는) ADR이 아니어서 SUPERSEDED_BY 관계로 잇지 않았습니다. 그 문장이 그 문서에 관한 것이라면 고칠 것이 없습니다',
  adr_unresolved_target:
    '{{file}}: {{named}} 적힌 {{how}} "{{target}}"이(가) 이 코퍼스의 어떤 ADR과도 맞지 않습니다. {{what}}을(를) 고치거나 그 ADR을 폴더에 더하세요',
  adr_ambiguous_target:
    '{{file}}: {{named}} 적힌 {{how}} "{{target}}"이(가) ADR {{count}}개({{names}})와 맞습니다. 뜻한 ADR의 파일로 링크하세요',
  adr_self_reference: '{{file}}: {{named}} 적힌 {{how}} "{{target}}"이(가) 그 ADR 자신을 가리킵니다. 다른 ADR을 가리키게 하세요',
  adr_conflicting_extent:
    '{{old}}와(과) {{next}}이(가) {{adr_id}}가 일부 대체되었는지 전부 대체되었는지 서로 다르게 말합니다. 모든 문장이 "partly"라고 할 때까지 전부 대체된 것으로 셉니다',
  ref_how_link: '링크',
  ref_how_title: '제목',
  ref_how_reference: '참조',
  ref_named_successor: '후속 기록으로',
  ref_named_replaced: '대체하는 기록으로',
  ref_fix_link: '링크 대상',
  ref_fix_title: '제목',
  ref_fix_reference: '참조',

  skip_navigation: '{{file}}: 위키나 책의 탐색 파일(다른 페이지로 가는 링크 목록)이며 문서가 아니어서 읽지 않습니다.',
  skip_name_unsafe:
    '{{file}}: 이름에 줄바꿈, 제어 문자 또는 글 순서를 바꾸는 문자 {{char}}({{position}}번째 문자)이(가) 있어, 목록이나 인용에서 이름이 다르게 읽히므로 읽지 않았습니다. 파일 이름을 바꾸세요.',
  skip_name_unsafe_folder:
    '{{file}}: 폴더 이름에 줄바꿈, 제어 문자 또는 글 순서를 바꾸는 문자 {{char}}({{position}}번째 문자)이(가) 있어, 목록이나 인용에서 그 안의 파일 이름이 다르게 읽히므로 그 안의 마크다운 파일을 읽지 않았습니다. 폴더 이름을 바꾸세요.',
  skip_not_a_file: '{{file}}: 일반 파일이 아닙니다(장치, 파이프 또는 소켓).',
  skip_dependencies:
    '{{file}}: 설치된 패키지 폴더이며 마크다운 파일 {{count}}개(패키지 자체의 문서)가 있지만 읽지 않습니다. 읽으려면 그 폴더 자체를 불러오세요.',
  skip_dependencies_many:
    '{{file}}: 설치된 패키지 폴더이며 마크다운 파일이 적어도 {{count}}개(패키지 자체의 문서) 있지만(폴더를 다 살펴보지는 않았습니다) 읽지 않습니다. 읽으려면 그 폴더 자체를 불러오세요.',
  skip_too_large: '{{file}}: {{size}}MB로, 문서 하나의 한도인 {{limit}}MB보다 커서 읽지 않습니다. 불러오려면 더 작은 파일로 나누세요.',
  skip_hidden_file: '{{file}}: 이름이 점으로 시작하는 숨김 파일이어서 읽지 않습니다. 불러오려면 점을 뺀 이름으로 바꾸세요.',
  skip_hidden_folder:
    '{{file}}: 이름이 점으로 시작하는 숨김 폴더이며 마크다운 파일 {{count}}개가 있지만 읽지 않습니다. 읽으려면 그 폴더 자체를 불러오세요.',
  skip_hidden_folder_many:
    '{{file}}: 이름이 점으로 시작하는 숨김 폴더이며 마크다운 파일이 적어도 {{count}}개 있지만(폴더를 다 살펴보지는 않았습니다) 읽지 않습니다. 읽으려면 그 폴더 자체를 불러오세요.',
  skip_link_outside_folder: '{{file}}: 폴더 밖의 폴더를 가리키는 심볼릭 링크여서 따라가지 않습니다.',
  skip_link_outside_file: '{{file}}: 폴더 밖의 파일을 가리키는 심볼릭 링크여서 따라가지 않습니다.',
  skip_link_not_a_file: '{{file}}: 일반 파일이 아닌 것을 가리키는 심볼릭 링크입니다.',
  skip_link_folder_read: '{{file}}: 이미 읽은 폴더를 가리키는 심볼릭 링크여서 두 번 읽지 않습니다.',
  skip_same_file: '{{file}}: (심볼릭 링크를 거쳐) {{kept}}와(과) 같은 파일이어서 {{kept}}(으)로 한 번만 읽습니다.',
  skip_markdown_like: '{{file}}: 읽지 않는 마크다운 계열 파일(.{{extension}})입니다. 읽으려면 --ext {{extension}}을(를) 주세요.',
  skip_markdown_like_screen:
    '{{file}}: 읽지 않는 마크다운 계열 파일(.{{extension}})입니다. 읽으려면 "함께 읽을 확장자"에 {{extension}}을(를) 넣으세요.',
  skip_no_extension: '{{file}}: 확장자가 없지만 마크다운처럼 시작하며, 읽지 않습니다. 불러오려면 이름을 .md로 끝나게 바꾸세요.',
  skip_plain_text_record:
    '{{file}}: 결정 기록으로 보관된 일반 텍스트 파일(.txt)입니다(기록 폴더에 있거나 Status: 줄이 있음). .txt 파일은 읽지 않습니다. 마크다운으로 읽으려면 --ext txt를 주거나, 이름을 .md로 끝나게 바꾸세요.',
  skip_plain_text_record_screen:
    '{{file}}: 결정 기록으로 보관된 일반 텍스트 파일(.txt)입니다(기록 폴더에 있거나 Status: 줄이 있음). .txt 파일은 읽지 않습니다. 마크다운으로 읽으려면 "함께 읽을 확장자"에 txt를 넣거나, 이름을 .md로 끝나게 바꾸세요.',
  skip_binary: '{{file}}: {{why}}. 바이너리로 보고 건너뛰었습니다.',
  skip_empty:
    '{{file}}: 비어 있어(텍스트가 없거나 공백과 줄바꿈뿐) 읽을 것이 없습니다. 문서를 만들지 않았습니다. 불러오려면 본문을 쓰세요.',
  skip_front_matter_only:
    '{{file}}: 프런트 매터만 있고 본문이 없어 읽을 것이 없습니다. 문서를 만들지 않았습니다. 불러오려면 프런트 매터 아래에 본문을 쓰세요.',
  binary_signature: '{{format}}처럼 시작합니다',
  binary_utf16: '{{encoding}} 텍스트입니다. UTF-8로 저장하세요',
  binary_nul: '오프셋 {{offset}}에 NUL 바이트가 있습니다',
  binary_not_utf8:
    'UTF-8 텍스트가 아닙니다(처음 {{bytes}}바이트에 잘못된 시퀀스 {{count}}개; 완성형 한글 같은 다른 인코딩의 텍스트라면 UTF-8로 저장하세요)',
  format_png: 'PNG 이미지',
  format_jpeg: 'JPEG 이미지',
  format_gif: 'GIF 이미지',
  format_pdf: 'PDF 문서',
  format_zip: 'ZIP 압축 파일(또는 Office 문서)',
  format_gzip: 'gzip 압축 파일',
  format_bzip2: 'bzip2 압축 파일',
  format_xz: 'xz 압축 파일',
  format_zstd: 'zstd 압축 파일',
  format_7zip: '7-Zip 압축 파일',
  format_rar: 'RAR 압축 파일',
  format_elf: 'ELF 실행 파일',
  format_legacy_office: '예전 Office 문서',
  encoding_utf16le: 'UTF-16(리틀 엔디언)',
  encoding_utf16be: 'UTF-16(빅 엔디언)',
  encoding_utf16le_unmarked: 'UTF-16(리틀 엔디언, 바이트 순서 표시 없음)',
  encoding_utf16be_unmarked: 'UTF-16(빅 엔디언, 바이트 순서 표시 없음)',
  encoding_utf32le: 'UTF-32(리틀 엔디언)',
  encoding_utf32be: 'UTF-32(빅 엔디언)',

  fail_folder_unreadable: '{{file}}: 폴더를 읽을 수 없습니다: {{reason}}.',
  fail_unreadable: '{{file}}: 읽을 수 없습니다: {{reason}}.',
  link_target_missing_part: '존재하지 않는 {{target}}을(를) 가리키는 심볼릭 링크입니다. 링크가 그 파일을 가리키게 하거나 링크를 지우세요',
  read_vanished_part:
    '목록에는 있었지만 읽기 전에 지워지거나 이름이 바뀌었습니다(불러오는 동안 다른 프로그램이 폴더를 바꿨습니다). 폴더를 다시 불러오세요',
  read_replaced_part: '파일로 목록에 있었지만 읽기 전에 일반 파일이 아닌 것(폴더, 파이프, 장치)으로 바뀌었습니다. 폴더를 다시 불러오세요',
  read_replaced_by_link_part:
    '파일로 목록에 있었지만 읽기 전에 심볼릭 링크로 바뀌었습니다(링크는 폴더 목록을 만들 때만 따라갑니다). 폴더를 다시 불러오세요',
  fail_duplicate_id: '{{file}}: document_id {{id}}은(는) 이미 {{other}}이(가) 쓰고 있습니다. 문서마다 고유한 id를 주세요.',
  fm_unclosed_yaml:
    '{{file}} {{line}}행: front matter가 ---로 시작하지만 닫는 --- 줄이 없습니다. front matter 뒤에 ---만 있는 줄을 더하거나, front matter가 아니라면 첫 줄을 지우세요',
  fm_unclosed_toml:
    '{{file}} {{line}}행: front matter가 +++로 시작하지만 닫는 +++ 줄이 없습니다. front matter 뒤에 +++만 있는 줄을 더하거나, front matter가 아니라면 첫 줄을 지우세요',
  fm_invalid_toml: '{{file}} {{line}}행: front matter가 올바른 TOML이 아닙니다({{reason}}). 두 +++ 줄 사이의 TOML을 고치세요',
  fm_toml_unclosed_part: '문자열이나 [ ], { }가 닫히지 않았거나 항목 사이의 쉼표가 빠졌습니다',
  fm_toml_bad_key_part: '키가 비어 있거나 따옴표 없는 키에 쓸 수 없는 문자가 있습니다. 그런 키는 따옴표로 감싸세요',
  fm_toml_duplicate_part: '키나 테이블이 두 번 정의되어 있습니다',
  fm_toml_bad_escape_part: '문자열에 TOML이 모르는 이스케이프 시퀀스가 있습니다',
  fm_toml_control_char_part: '문자열이 줄이 끝나기 전에 닫히지 않았거나, 문자열이나 주석에 제어 문자가 있습니다',
  fm_toml_one_per_line_part: '값 뒤 같은 줄에 무언가가 더 있습니다. key = value는 한 줄에 하나씩 쓰세요',
  fm_toml_bad_value_part: '값이 올바른 TOML 문자열, 숫자, 날짜, true나 false가 아닙니다. 텍스트는 따옴표로 감싸세요',
  fm_toml_too_deep_part: '테이블과 배열이 너무 깊게 중첩되어 있습니다',
  fm_toml_unsafe_key_part: '키 이름이 __proto__나 constructor여서 안전하게 읽을 수 없습니다',
  fm_toml_invalid_part: 'TOML로 읽을 수 없습니다',
  fm_invalid_yaml: '{{file}} {{line}}행: front matter가 올바른 YAML이 아닙니다({{reason}}). 두 --- 줄 사이의 YAML을 고치세요',
  fm_too_deep:
    '{{file}} {{line}}행: front matter의 맵과 목록이 {{max}}단계보다 깊게 중첩되어 있습니다. 두 --- 줄 사이를 더 평평하게 적으세요',
  fm_unreadable_yaml: '{{file}} {{line}}행: front matter를 YAML로 읽을 수 없었습니다({{reason}}). 두 --- 줄 사이의 YAML을 고치세요',
  fm_not_mapping: '{{file}} {{line}}행: front matter가 매핑이 아니라 {{what}}입니다. 두 --- 줄 사이에 "key: value" 줄로 적으세요',
  fm_what_list: '목록',
  fm_what_single: '{{type}} 값 하나',
  fm_tagged_value_part:
    '{{tag}} 태그가 붙어 있어 YAML이 {{what}}(으)로 읽으므로 로더가 읽는 값이 아닙니다. {{tag}} 태그를 지우고 값 자체를 적으세요',
  fm_what_tagged: '{{tag}} 태그가 붙은 값({{what}})',
  fm_tag_binary: 'base64로 인코딩된 바이트',
  fm_tag_set: '집합',
  fm_tag_omap: '순서 있는 매핑',

  entity_link_undefined: '{{file}}: 서비스 {{service}}이(가) 정의되지 않은 {{label}} {{target}}을(를) 가리킵니다.',
  claim_document_not_loaded: '{{file}}: 주장 {{claim}}이(가) 불러오지 않은 문서 {{document}}을(를) 인용합니다.',
  claim_quote_not_found: '{{file}}: 주장 {{claim}}이(가) 인용한 "{{quote}}"이(가) {{document}}의 어느 한 청크 안에도 없습니다.',
  claim_unknown_entity: '{{file}}: 주장 {{claim}}이(가) 다루는 {{entity}}은(는) entities.yaml의 엔티티가 아닙니다.',

  fm_field_invalid: '{{file}}: front matter {{key}}: {{issue}}.',
  fm_field_invalid_line: '{{file}} {{line}}행: front matter {{key}}: {{issue}}.',
  acl_field_invalid: '{{file}}: {{where}}의 ACL 필드 {{key}}: {{issue}}({{hint}}).',
  acl_field_invalid_line: '{{file}} {{line}}행: {{where}}의 ACL 필드 {{key}}: {{issue}}({{hint}}).',
  acl_where_front_matter: 'front matter 부분',
  acl_where_mapping: 'ACL 매핑',
  acl_hint_visibility: 'visibility는 public, restricted, private 중 하나입니다',
  acl_hint_allowed_groups: 'allowed_groups는 [g-hr] 같은 목록입니다',
  acl_hint_workspace_id: 'workspace_id는 비어 있지 않은 텍스트 하나입니다',
  acl_hint_owner_id: 'owner_id는 주체 id 하나입니다',
  acl_hint_acl_partition: 'acl_partition은 비어 있지 않은 텍스트 하나입니다',
  field_is_invalid: '올바르지 않습니다',
};

/** The catalogue, in every language of the UI. */
export const DEMO_LOAD_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = { en, ko };

/** A message of this catalogue, typed so that only its codes can be built. */
export const demoLoadMessage = messageBuilder<'demo_load', DemoLoadMessageCode>('demo_load');

/** The stems of the sentences that agree with a count: each has a `_one` and an `_other` code. */
export type CountedStem = {
  [Code in DemoLoadMessageCode]: Code extends `${infer Stem}_one` ? (`${Stem}_other` extends DemoLoadMessageCode ? Stem : never) : never;
}[DemoLoadMessageCode];

/** The `_one` or `_other` message of a sentence that agrees with `count`, which it is given as `{{count}}`. */
export function countedMessage(stem: CountedStem, count: number, params: CoreParams = {}): CoreMessage {
  return demoLoadMessage(`${stem}_${count === 1 ? 'one' : 'other'}`, { ...params, count });
}

/** The `source` a summary of the built-in corpus's load carries (a folder's is its full path). */
export const DEMO_CORPUS_SOURCE = 'demo corpus';

/** The summary's first line as a message: what was loaded where and how fast, the demo corpus named in the reader's language. */
export function loadedMessage(summary: { readonly source: string; readonly target: string; readonly elapsed_ms: number }): CoreMessage {
  const source = summary.source === DEMO_CORPUS_SOURCE ? [demoLoadMessage('source_demo_corpus')] : summary.source;
  return demoLoadMessage('loaded', { source, target: summary.target, seconds: (summary.elapsed_ms / 1000).toFixed(1) });
}

/**
 * The line of one status not understood: as written, under a nested front matter key, or written as a
 * link reference definition (neither of those read). `shown` prepares each text of the folder's for
 * where it is shown (the CLI escapes it for a terminal).
 */
export function unreadStatusMessage(
  unread: { readonly file: string; readonly status_text: string; readonly nested_key?: string; readonly written_as?: 'link_definition' },
  shown: (text: string) => string = (text) => text,
): CoreMessage {
  const where = { file: shown(unread.file), status: shown(unread.status_text) };
  if (unread.nested_key !== undefined) return demoLoadMessage('status_under_nested_key', { ...where, key: shown(unread.nested_key) });
  return demoLoadMessage(unread.written_as === 'link_definition' ? 'status_as_link_definition' : 'status_not_understood', where);
}

/** The figures a load's counts line shows, in its order. */
const COUNT_FIGURES = ['documents', 'adrs', 'supersessions', 'chunks', 'claims', 'evidence', 'entities', 'principals', 'groups'] as const;

/**
 * The summary's counts line as a message, each figure agreeing with its number ("1 document", "2
 * documents"): the CLI words it in English, the Connect screen in its language.
 */
export function countsMessage(counts: Readonly<Record<(typeof COUNT_FIGURES)[number], number>>): CoreMessage {
  return demoLoadMessage(
    'counts',
    Object.fromEntries(COUNT_FIGURES.map((figure) => [figure, [countedMessage(`count_${figure}`, counts[figure])]])),
  );
}

/** How many file names a warning shows before "and N more". */
export const NAMED_FILES = 5;

/** Up to five file names, then how many more, as a clause of a warning. */
export function namedFilesMessage(files: readonly string[]): CoreMessage {
  const shown = files.slice(0, NAMED_FILES).join(', ');
  return files.length > NAMED_FILES
    ? demoLoadMessage('named_files_more', { files: shown, more: files.length - NAMED_FILES })
    : demoLoadMessage('named_files', { files: shown });
}

/** How a ready principal came to be: made by the loader, or defined by the demo corpus or a folder's ACL mapping. */
export function readyPrincipalMessage(
  ready: { readonly workspace_id: string; readonly principal_id: string; readonly created: boolean; readonly public_documents: number },
  source: string = DEMO_CORPUS_SOURCE,
): CoreMessage {
  const how = ready.created ? 'principal_made' : source === DEMO_CORPUS_SOURCE ? 'principal_defined' : 'principal_defined_mapping';
  return demoLoadMessage('ready_principal', {
    workspace: ready.workspace_id,
    principal: ready.principal_id,
    how: [demoLoadMessage(how)],
    documents: [countedMessage('public_documents', ready.public_documents)],
  });
}

/** A principal of a folder's ACL mapping as the summary names it: its workspace, groups and partitions, and what it sees of the load. */
export function mappingPrincipalMessage(principal: {
  readonly principal_id: string;
  readonly workspace_id: string;
  readonly groups: readonly string[];
  readonly acl_partitions: readonly string[];
  readonly sees?: { readonly documents: number; readonly chunks: number } | undefined;
}): CoreMessage {
  const groups = principal.groups.join(', ');
  const partitions = principal.acl_partitions.join(', ');
  const params = {
    workspace: principal.workspace_id,
    principal: principal.principal_id,
    groups: [groups ? demoLoadMessage('principal_groups', { groups }) : demoLoadMessage('principal_no_groups')],
    partitions: [partitions ? demoLoadMessage('principal_partitions', { partitions }) : demoLoadMessage('principal_no_partitions')],
  };
  const { sees } = principal;
  if (!sees) return demoLoadMessage('mapping_principal', params);
  return demoLoadMessage('mapping_principal_sees', {
    ...params,
    documents: [countedMessage('sees_documents', sees.documents)],
    chunks: [countedMessage('sees_chunks', sees.chunks)],
  });
}
