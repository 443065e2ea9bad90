import { messageBuilder, PARAM_MESSAGES, wordCoreMessage, type CoreMessage } from '../core-message';
import { LensError, type ErrorKind } from '../lens-error';
import { SCHEMA_ISSUE_MESSAGES } from './schema-issue-messages';
import { SERVER_ERROR_MESSAGES } from './server-error-messages';

/**
 * Errors of retrieval, the provider, the LLM client, explanations, provenance, compare, audit, evaluation, ADR marks and corpora (namespace `error_retrieval`): each sentence and its hint as a code with parameters,
 * worded in English here (the CLI, the error's `message`) and in Korean for the renderer. Built with
 * `codedError(kind, retrievalError('code', {…}), { hint: retrievalError('code_hint') })` (shared/coded-error.ts);
 * the English wording is the sentence the error said before it had a code, so messages do not change.
 */

const en = {
  // ADR marks (electron/adr/).
  adr_own_successor: '{{document}} cannot be its own successor.',
  adr_own_successor_hint: 'Name the record that replaces it.',
  adr_successor_loop:
    '{{successor}} cannot succeed {{document}}: the successors lead back to it ({{chain}}), so each record would tell readers to use the other.',
  adr_successor_loop_hint:
    'Name the record that replaces it now; if {{successor}} is the current decision, a stale mark in that chain is wrong (marked: {{marked}}): unmark it first (`lens adr unmark {{first}} --reason …`).',
  adr_successor_loop_hint_screen:
    'Name the record that replaces it now; if {{successor}} is the current decision, a stale mark in that chain is wrong (marked: {{marked}}): unmark it first (Unmark… on its card).',
  adr_successor_loop_graph_hint:
    'The records in the graph themselves say {{document}} came after {{successor}}, and no mark changes that (lens never writes to the graph): name another record that replaces {{document}}; if those records are wrong, correct their supersession where they are written and load them again.',
  adr_gone: '{{document}} is no longer in the graph, so it cannot be marked or named as a successor.',
  adr_gone_hint: '`lens adr list` lists the ADRs the graph holds.',
  adr_gone_hint_screen: 'Refresh the list: it shows the ADRs the graph holds now.',
  adr_no_mark: '{{document}} has no stale mark in force, so there is nothing to unmark.',
  adr_no_mark_hint: '`lens adr history {{document}}` shows its marks; `lens adr list` shows which ADRs are marked.',
  adr_mark_unreadable: 'The mark on {{document}} was saved but cannot be read back.',
  adr_ambiguous: '"{{reference}}" names more than one ADR: {{matches}}.',
  adr_ambiguous_hint: 'Name it by its document id.',
  adr_unknown: 'There is no ADR or document "{{reference}}" in the graph.',
  adr_unknown_near_hint: 'Did you mean {{names}}? `lens adr list` lists every ADR.',
  adr_unknown_hint: '`lens adr list` lists every ADR with its document id and ADR id.',
  os_user_unreadable: 'The OS user cannot be read, so it cannot be recorded who marked the ADR.',
  os_user_unreadable_hint: 'Set LENS_USER to your name, then try again.',
  os_user_nameless: 'The OS user has no name to record.',
  os_user_nameless_hint: 'Set LENS_USER to your name.',
  lens_user_unwanted: 'LENS_USER, the name a mark is recorded under, {{problem}}.',
  lens_user_unwanted_hint: 'Set LENS_USER to your name as plain text (LENS_USER=minjun), or unset it to record the OS user.',
  // Audit suites and golden sets (electron/audit/, electron/eval/).
  suite_invalid: 'The suite is not valid.',
  suite_invalid_hint: 'Fix the suite file and run the audit again; the README shows a whole suite.',
  golden_set_invalid: 'The golden set is not valid.',
  golden_set_invalid_hint: 'Fix the golden set and run the evaluation again; resources/eval/demo-golden-set.yaml shows a whole set.',
  // A suite's problems, each naming the file, the place and what to write instead (electron/audit/suite-file.ts).
  suite_unreadable: 'cannot read the suite {{file}}: {{reason}}',
  suite_syntax: '{{file}}{{at}}: not valid {{format}}: {{reason}}',
  suite_field: '{{file}}{{at}} {{path}}: {{problem}}',
  suite_alias_cycle:
    '{{file}}{{at}}: the alias *{{alias}} sits inside the very node its anchor &{{alias}} names, so the value never ends ({{cycle}}); point the alias at a node outside it, or write the value out',
  suite_too_deep: '{{file}}{{at}}: maps and lists nest more than {{max}} levels deep here; a suite needs a few, so write the value flatter',
  suite_unknown_principal:
    '{{file}}{{at}} {{path}}: there is no principal {{principal}} in the local list or the graph; `lens principals list` shows the principals',
  more_problems: '… and {{count}} more problems of the same file',
  at_line_column: ' (line {{line}}, column {{column}})',
  at_line: ' (line {{line}})',
  no_such_file: 'there is no such file',
  file_no_such_file_part: 'there is no such file; check the path and its spelling',
  file_no_permission_part: 'you may not read it; give your user permission to read it, or copy it somewhere you can',
  file_is_folder_part: 'it is a folder, not a file; name a file in it',
  file_is_pipe_part: 'it is a pipe or a socket, which would hold the write until something reads it; name a regular file',
  file_path_through_file_part: 'a part of its path is a file, not a folder; check the path',
  file_link_loop_part: 'its symbolic links lead back to themselves; name the file they should point to',
  file_name_too_long_part: 'its path is too long for the system; move it to a shorter path',
  file_too_many_open_part: 'too many files are open; close some programs and try again',
  file_busy_part: 'another program holds it; try again when that program is done',
  file_disk_error_part: 'the disk failed while reading it; check the disk, or copy the file elsewhere',
  file_system_error_part: 'the system could not read it ({{code}}); check the path and its permissions',
  file_unreadable_part: 'the system could not read it; check the path and its permissions',
  file_no_folder_part: 'the folder it goes in does not exist; create the folder first, or choose another',
  file_no_write_permission_part: 'you may not write there; choose a folder you can write to',
  file_read_only_disk_part: 'it is on a disk that cannot be written to; choose another place',
  file_disk_full_part: 'the disk is full; free some space, or choose another disk',
  file_write_error_part: 'the system could not write it ({{code}}); check the folder and its permissions',
  file_unwritable_part: 'the system could not write it; check the folder and its permissions',
  input_not_a_file: '{{file}} is not a regular file (a device, a pipe or a folder), so it was not read.',
  input_not_a_file_hint: 'Give the path of a file; to pass a suite, set or bundle through a pipe, save it to a file first.',
  input_too_large: '{{file}} is {{size_mb}} MB, more than the {{limit_mb}} MB this command reads, so it was not read.',
  input_too_large_hint: 'Check that it is the file you meant; a suite, golden set, principals file or trace bundle is far smaller.',
  input_utf16: '{{file}} is {{encoding}} text, not UTF-8, so it was not read.',
  input_utf16_hint: 'Save the file as UTF-8 (in PowerShell: Out-File -Encoding utf8) and try again.',
  input_not_utf8:
    '{{file}} is not UTF-8 text: line {{line}} holds bytes that are not valid UTF-8 (such as Latin-1 or Windows-1252 text), so it was not read rather than read with � in their place.',
  input_not_utf8_hint: 'Save the file as UTF-8 (in most editors: Save with Encoding, UTF-8) and try again.',
  top_level: '(top level)',
  unknown_key_near: 'unknown key {{key}}: did you mean {{near}}?{{takes}}',
  unknown_key_remove: 'unknown key {{key}}: remove it{{takes}}',
  place_takes: ' (this place takes {{keys}})',
  principals_that_exist: 'The principals that exist: {{principals}}.',
  principals_none_exist: 'The principals that exist: none.',
  provider_not_configured: 'no endpoint is configured',
  // The provider endpoint (electron/provider/, shared/provider/).
  provider_endpoint_invalid: '{{field}}: {{problem}}.',
  provider_endpoint_invalid_hint:
    "Give the provider's address as {{url_variable}}=http://host:port/path and its bearer token, if it needs one, in {{token_variable}}.",
  provider_url_not_http: 'the provider endpoint must be an http:// or https:// URL, e.g. http://127.0.0.1:8080/context',
  provider_endpoint_unusable: 'The provider endpoint for --provider {{url}} cannot be used: {{problem}}',
  provider_endpoint_unusable_hint:
    'Give --provider the http:// or https:// URL of the endpoint without credentials, e.g. http://127.0.0.1:8080/context; its token goes in LENS_PROVIDER_TOKEN.',
  provider_url_credential: 'the provider URL carries a credential; give the token as a bearer token ({{variable}}) instead',
  // Compare and provenance (electron/compare/, electron/provenance/).
  leak_check_row_cap: 'The leak check read more rows than it may ({{cap}}) in {{query}}, so it did not finish.',
  leak_check_row_cap_hint: 'Compare runs with fewer items.',
  leak_check_other_graph:
    'Run {{trace}} was recorded on {{recorded}}, not on the graph this comparison reads ({{current}}), so its items cannot be checked here.',
  leak_check_other_graph_hint: 'Connect to the graph the run was recorded on and compare it there, or compare runs made on this graph.',
  run_other_graph:
    'Run {{trace}} was recorded on {{recorded}}, not on the graph this app reads now ({{current}}), so {{what}} cannot be told here: its ids would be looked up in a graph the run never read.',
  run_other_graph_why_not_part: 'why a chunk fell out of it',
  run_other_graph_provenance_part: 'its provenance graph',
  run_other_graph_hint: 'Connect to {{recorded}} (NEO4J_URI, or the Connect screen) and ask there, or pick a run made on this graph.',
  leak_check_row_shape: '{{query}} returned a row of an unexpected shape: {{problem}}',
  view_row_cap: 'The {{query}} query returned more than {{cap}} rows, so the view would be incomplete.',
  view_row_shape: 'The {{query}} query returned a row of an unexpected shape.',
  item_index_out_of_range: 'Item index {{index}} is out of range: run {{trace}} has {{count}} items.',
  item_index_out_of_range_hint: 'Choose items from the run that is open.',
  no_such_node: 'There is no node {{node}} in the graph.',
  no_such_node_hint: 'The graph may have been reloaded since the view was drawn; open the provenance view again.',
  node_not_visible: '{{principal}} may not see this node, and expanding a node the principal may not see would show what they cannot.',
  node_not_visible_hint: 'Expand a visible node instead, or run the query as a principal who may see it.',
  // Corpora (electron/corpus/).
  not_an_extension: '--ext {{ext}} is not a file extension.',
  not_an_extension_hint: 'Give extensions such as md.erb or mdx, separated by commas or as several --ext options.',
  // The same, said to the Connect screen's form ("Load a folder of your own"), which has fields for what the CLI has options.
  not_an_extension_screen: '"{{ext}}" under "Also read these extensions" is not a file extension.',
  not_an_extension_screen_hint: 'Type extensions such as md.erb or mdx, separated by spaces or commas.',
  acl_mapping_unreadable: '{{file}}: the ACL mapping is not readable YAML or JSON ({{reason}}).',
  acl_mapping_empty: '{{file}}: the ACL mapping file holds nothing (it is empty, or only comments or null), so it would set no access.',
  acl_mapping_too_deep:
    '{{file}} line {{line}}: the ACL mapping nests maps and lists more than {{max}} levels deep; a mapping needs only a few.',
  acl_mapping_unreadable_hint: 'Fix the file, or load without an ACL mapping (leave out --acl) to use front matter only.',
  acl_mapping_unreadable_screen_hint: 'Fix the file, or empty the "ACL mapping file" field to load with front matter only.',
  acl_mapping_not_read: '{{file}}: the ACL mapping file cannot be read: {{reason}}.',
  acl_mapping_not_read_hint: 'Check the path of the ACL mapping file, or load without one to use front matter only.',
  // A mapping file's field of the wrong shape; `at` is " (line L, column C)" where the file says it, `problem` the schema's words or "did you mean".
  acl_mapping_field: '{{file}}{{at}}: {{path}}: {{problem}}.',
  acl_mapping_whole: '{{file}}{{at}}: the mapping: {{problem}}.',
  acl_mapping_invalid: '{{file}}: the mapping is invalid.',
  acl_mapping_invalid_hint:
    'Write { defaults: {...}, files: { "<glob>": {...} }, groups: [...], principals: [...] } with the access fields {{fields}}; a group takes {{group_fields}}, a principal {{principal_fields}}.',
  // The principals and groups a mapping file defines.
  acl_mapping_duplicate_id: '{{file}}{{at}}: {{path}}: {{id}} is already used by {{other}}; give each its own id.',
  // The `file` of a mapping handed over already read (not from a file).
  acl_mapping_given: 'the ACL mapping',
  not_a_folder: '{{folder}} is not a folder.',
  not_a_folder_hint: 'Give the full path of a folder of markdown files (--docs on the command line).',
  not_a_folder_screen_hint: 'Type the full path of a folder of markdown files under "Folder".',
  no_such_folder: '{{folder}} does not exist.',
  // Explanations (electron/explain/).
  rerun_impossible: 'The request of run {{trace}} cannot be run again: {{reason}}',
  no_such_chunk: 'There is no chunk "{{id}}" in the graph.',
  no_such_chunk_hint: 'Give a chunk id as the items and cuts of a run show it (e.g. runbook-payments-db-failover#2).',
  no_such_document: 'There is no document "{{id}}" in the graph.',
  no_such_document_hint: 'Give a document id as the items of a run show it (e.g. runbook-payments-db-failover).',
  no_such_document_hint_path: '{{path}} is the source of document {{suggestion}}: give that id.',
  chunk_without_document: 'Chunk "{{id}}" is part of no document in the graph, so no retrieval can return it.',
  // Language models (electron/llm/): what a call did, then how it failed.
  call_answer_preview: 'The answer preview',
  call_text2cypher: 'Text2Cypher',
  call_embed_text: 'Embedding the text with {{embedder}}',
  call_embed_texts: 'Embedding {{count}} texts with {{embedder}}',
  model_call_cancelled: '{{call}} was cancelled.',
  model_call_timeout: "{{call}} did not finish within the {{budget}} ms it was given (its share of the request's time).",
  model_call_timeout_hint: 'Raise timeout_ms, or check that the model server answers quickly.',
  model_key_refused: '{{call}} was refused: the model server did not accept the API key ({{status}}).',
  model_key_refused_hint: 'Set a valid key (Settings in the app, OPENAI_API_KEY for the CLI and browser mode).',
  model_request_rejected: '{{call}} was rejected by the model server ({{status}}).',
  model_request_rejected_hint: 'Check the model name, its dimensions and the base URL in Settings or LENS_EMBEDDER / LENS_CHAT_MODEL.',
  model_no_key: '{{call}} was refused ({{status}}): no API key is set, and the model server at the base URL needs one.',
  model_no_key_hint:
    'Save the OpenAI key in Settings (the desktop app keeps it in the OS key store), or set OPENAI_API_KEY where the app runs.',
  model_no_key_hint_screen:
    'Save the OpenAI key in Settings (the desktop app), or set OPENAI_API_KEY where `lens web` runs and start it again (browser mode).',
  model_not_found: '{{call}} was refused: the model server has no model by the name set ({{status}}).',
  model_not_found_hint:
    'Name a model that server offers, in Settings (the chat model, or the embedder’s model) or LENS_CHAT_MODEL / LENS_EMBEDDER.',
  model_api_not_found: '{{call}} found no OpenAI-compatible API at the base URL: the server answered {{status}} (not found).',
  model_api_not_found_hint:
    'Check the base URL in Settings or OPENAI_BASE_URL: an OpenAI-compatible API usually ends in /v1, such as http://localhost:11434/v1.',
  model_server_failing: '{{call}} failed after {{attempts}} attempt(s): the model server is unreachable or failing.',
  model_server_failing_hint: 'Check that the server at the base URL is running, then try again.',
  model_reply_not_completion: '{{call}} got a reply that is not a chat completion from the model server (it sent {{got}}).',
  reply_text: 'text',
  reply_malformed_json: 'malformed JSON',
  reply_null: 'null',
  reply_list: 'a list',
  reply_object: 'an object without choices',
  reply_number: 'a number',
  reply_boolean: 'true or false',
  reply_nothing: 'nothing',
  model_reply_not_completion_hint:
    'Check that the base URL is an OpenAI-compatible API (ending in /v1), not a web page, a proxy login or a streaming endpoint.',
  no_chat_model: 'The answer preview needs a chat model, and none is configured.',
  preview_run_not_answer:
    'The run ended in {{outcome}}: the items it kept are not evidence this principal may be given, so no answer is drafted from them.',
  preview_run_not_answer_hint: 'Draft a preview from a run that ended ok.',
  preview_empty_reply: 'The chat model {{model}} drafted nothing: its reply held no text, so no preview was kept.',
  preview_empty_reply_hint: 'Draft again; if it stays empty, check the model name and the server at the base URL.',
  no_chat_model_hint:
    'Name a chat model in Settings, or set LENS_CHAT_MODEL (with OPENAI_API_KEY, and OPENAI_BASE_URL for a compatible server).',
  embedding_reply_unusable: "The embedding server's reply for {{embedder}} cannot be used: {{problem}}.",
  reply_vector_count: 'it holds {{got}} vectors for {{count}} texts',
  reply_vector_count_hint: 'Check that the base URL points at an OpenAI-compatible embeddings API.',
  reply_vector_not_numbers: 'vector {{index}} is missing or not a list of numbers',
  reply_vector_not_numbers_hint: 'Check that the server speaks the OpenAI embeddings API.',
  reply_vector_length: 'a vector has {{got}} dimensions where {{expected}} were expected',
  reply_vector_length_hint:
    'The server may ignore the requested dimensions: configure the length the model makes (LENS_EMBEDDER=openai:<model>:<dimensions>, or Settings), or leave it out.',
  // Retrieval (electron/retrieval/).
  candidate_row_cap: 'The candidate query {{query}} hit the row cap ({{cap}}); its answer would be incomplete.',
  chunk_id_not_text:
    'A chunk this principal may see has the id {{value}}, of type {{type}}, neither text nor a whole number: the provenance graph, why-not and comparisons find a chunk again by its id written as text, and a {{type}} has no one text to be found by.',
  chunk_id_not_text_hint:
    'Give the chunk a text or whole-number id in the graph, or name a property that holds one in the schema profile: nothing is read by a guess at what the id means.',
  node_id_twin:
    'Two {{label}} nodes have the id {{id}}: one holds it as text, the other as the INTEGER {{id}}. An item names its {{label}} by the id as text, which would name either, so neither is answered for the other.',
  node_id_twin_hint: 'Give one of the two {{label}} nodes another id in the graph, or hold every {{label}} id of the graph in one type.',
  packing_limit_invalid: '{{name}} must be a whole number of at least {{min}}, not {{value}}.',
  token_count_invalid: 'The token counter {{counter}} returned {{tokens}} for a chunk; it must return a whole number.',
  template_id_missing: 'cypher mode needs options.template_id.',
  template_unknown: 'There is no query template "{{id}}".',
  template_pick_hint: 'Pick one of: {{templates}}.',
  template_param_unknown: 'The query template "{{template}}" has no parameter "{{name}}", so it would run without it.',
  template_param_unknown_hint: 'Did you mean "{{closest}}"? The template reads: {{parameters}}.',
  template_param_unknown_list_hint: 'The template reads: {{parameters}}.',
  template_param_none_hint: 'The template reads no parameter of its own: leave the parameters out.',
  template_param_set_by_run:
    'The parameter "{{name}}" of the query template "{{template}}" is set by the run itself (the question, top_k, the principal and its access), so the value given for it would be dropped.',
  template_param_set_by_run_hint: 'Leave it out: ask the question as the query text, and pick the principal the run asks as.',
  no_vector_index: 'There is no vector index {{index}} in the graph, so vector retrieval cannot run.',
  no_vector_index_hint:
    'Create it (the demo loader does) or set indexes.chunkVector in the schema profile; `lens connect` lists the indexes.',
  vector_length_mismatch:
    'The vector index {{index}} holds {{dimensions}}-dimension vectors, but queries are embedded with {{embedder}}, which makes {{query_dimensions}}; vector search cannot compare them.',
  vector_length_mismatch_recorded:
    'The vector index {{index}} holds {{dimensions}}-dimension vectors, embedded with {{recorded}}, but queries are embedded with {{embedder}}, which makes {{query_dimensions}}; vector search cannot compare them.',
  embedder_differs:
    "The graph's vectors were made by {{recorded}}{{recorded_length}}, but queries are embedded with {{embedder}}{{embedder_length}}; their similarities would mean nothing.",
  embedder_features_differ:
    "The graph's vectors were made by {{embedder}} with its features of version {{recorded_features}}, but this version of Provenance Lens embeds queries with version {{features}}; their similarities would mean nothing.",
  embedder_features_hint:
    'Load the graph again to embed it with version {{features}}: `lens demo load` (or "Load the demo corpus again" on the Connect screen) for the demo corpus, `lens demo load --docs <folder>` for a folder of your own.',
  dimensions_in_brackets: ' ({{dimensions}} dimensions)',
  embedder_recorded_hint:
    'Query with {{recorded}} (LENS_EMBEDDER={{recorded}}, or Settings), or reload the graph with {{embedder}} (`lens demo load` embeds with the configured embedder).',
  embedder_unrecorded_hint:
    'Configure the embedder the index was built with, or reload the graph with {{embedder}} (`lens demo load` embeds with the configured embedder).',
  freshness_now_invalid: 'Freshness was asked for with an invalid current time.',
  required_at_invalid: 'freshness_required_at is not a valid date.',
  required_at_invalid_hint: 'Use an ISO date such as 2026-01-01.',
  explainer_disagrees:
    "The access explainer denies chunk {{chunk}}, which the final access check allowed: the policy's compilations disagree.",
  unknown_principal: 'Unknown principal "{{principal}}": it is neither in the local list nor a :{{label}} node of the graph.',
  inline_principal_taken:
    'The principal given in the request has the id "{{principal}}", which {{where}} holds with other access ({{differences}}); a principal given inline may not pass for it.',
  inline_principal_taken_hint:
    'Give the inline principal an id of its own (for example "{{principal}}+what-if"), or ask as "{{principal}}" by its id.',
  inline_taken_graph: 'the graph',
  inline_taken_local: 'the local principal list',
  unknown_principal_hint: '`lens principals list` shows the known principals; `lens principals import FILE` adds some.',
  unknown_principal_hidden:
    'Unknown principal "{{principal}}": the id holds characters that do not show ({{characters}}), and no principal has it.',
  unknown_principal_hidden_hint: 'Write the id without them, "{{visible}}" (type it rather than paste it).',
  unknown_principal_decomposed:
    'Unknown principal "{{principal}}": the id is written in decomposed Unicode (NFD, letters and their marks apart), and no principal has it so written.',
  unknown_principal_decomposed_hint: 'Write it composed (NFC), as a keyboard types it: "{{visible}}".',
  unknown_principal_spaced: 'Unknown principal "{{principal}}": the id begins or ends with a space, and no principal has it so written.',
  unknown_principal_spaced_hint: 'Write it without the spaces around it: "{{visible}}".',
  unknown_principal_compatibility:
    'Unknown principal "{{principal}}": the id is written with look-alike forms of plain characters (fullwidth letters such as ｕ, ligatures, circled or superscript digits), and no principal has it so written.',
  unknown_principal_compatibility_hint:
    'Write it in plain characters, as they read: "{{visible}}" (switch the input method out of fullwidth mode).',
  unknown_principal_hint_screen:
    'Pick one from the list of principals on this screen: it holds the local principals and the graph’s Principal nodes (a folder loaded since has principals of its own).',
  graph_principal_list_invalid:
    'The graph\'s principal "{{principal}}" cannot be asked as: its property {{property}} holds {{value}}, which is not a list of names.',
  graph_principal_name_invalid:
    'The graph\'s principal "{{principal}}" cannot be asked as: its property {{property}} holds {{value}}, which is not a name.',
  graph_principal_property_missing: 'The graph\'s principal "{{principal}}" cannot be asked as: its property {{property}} is not set.',
  graph_principal_group_invalid:
    'The graph\'s principal "{{principal}}" cannot be asked as: it is a member of a :{{label}} whose {{property}} is {{value}}, which is not a name.',
  graph_principal_invalid_hint:
    'Fix the node in the graph (names are non-empty strings; a lone string counts as a list of one), or name the property that holds them in the schema profile: nothing is granted or withheld by a guess at what it means.',
  retrieval_failed_unexpectedly: 'The retrieval failed unexpectedly at the {{stage}} stage: {{reason}}',
  unknown_token_encoding: '"{{encoding}}" is not a token encoding this app can count.',
  unknown_token_encoding_hint: 'Use one of {{encodings}}.',
  // The access policy and compare (shared/acl/, shared/compare/).
  access_policy_invalid: 'The access policy is not valid.',
  access_policy_invalid_hint: 'Fix the access policy in the schema profile.',
  access_policy_problem: '{{path}}: {{problem}}',
  acl_variable_not_identifier: 'The {{role}} variable "{{name}}" is not a plain Cypher identifier.',
  acl_variable_not_identifier_hint: 'Use letters, digits and underscores, not starting with a digit.',
  acl_variable_reserved: 'The {{role}} variable "{{name}}" starts with "{{prefix}}", which the compiled access policy reserves for itself.',
  acl_variable_reserved_hint: 'Pick another variable name.',
  rbo_persistence_invalid: 'The RBO persistence must be between 0 and 1 (exclusive), not {{value}}.',
  rbo_persistence_invalid_hint: 'Use 0.9 (the usual choice) or another value such as 0.8 to weigh the top ranks more.',
  // Background jobs the renderer follows (renderer/screens/evaluations/).
  job_failed_silently: 'The job {{job}} failed without saying why.',
  job_without_evaluation: 'The job {{job}} ended without naming its evaluation.',
  no_fulltext_index: 'There is no full-text index {{index}} in the graph, so full-text retrieval cannot run.',
  no_fulltext_index_hint: 'Create it (the demo loader does) or set indexes.chunkFulltext in the schema profile.',
} as const;

/** A code of this catalogue. */
export type RetrievalErrorCode = keyof typeof en;

const ko: Readonly<Record<RetrievalErrorCode, string>> = {
  adr_own_successor: '{{document}}은(는) 자기 자신의 후속 기록이 될 수 없습니다.',
  adr_own_successor_hint: '이 기록을 대체하는 기록을 지정하세요.',
  adr_successor_loop:
    '{{successor}}은(는) {{document}}의 후속이 될 수 없습니다. 후속을 따라가면 다시 이 기록으로 돌아옵니다({{chain}}). 두 기록이 서로를 쓰라고 안내하게 됩니다.',
  adr_successor_loop_hint:
    '지금 이 기록을 대체하는 기록을 지정하세요. {{successor}}이(가) 현재 결정이라면 그 고리에 있는 오래됨 표시가 잘못된 것입니다(표시된 기록: {{marked}}). 먼저 그 표시를 해제하세요(`lens adr unmark {{first}} --reason …`).',
  adr_successor_loop_hint_screen:
    '지금 이 기록을 대체하는 기록을 지정하세요. {{successor}}이(가) 현재 결정이라면 그 고리에 있는 오래됨 표시가 잘못된 것입니다(표시된 기록: {{marked}}). 먼저 그 카드의 표시 해제…로 표시를 해제하세요.',
  adr_successor_loop_graph_hint:
    '그래프의 기록 자체가 {{document}}이(가) {{successor}}보다 나중 결정이라고 말하므로 어떤 표시로도 바꿀 수 없습니다(lens는 그래프에 쓰지 않습니다). {{document}}을(를) 대체하는 다른 기록을 지정하세요. 그 기록들이 틀렸다면 기록이 쓰인 곳에서 대체 관계를 고친 뒤 다시 불러오세요.',
  adr_gone: '{{document}}이(가) 더 이상 그래프에 없어 표시하거나 후속 기록으로 지정할 수 없습니다.',
  adr_gone_hint: '`lens adr list`로 그래프에 있는 ADR을 확인하세요.',
  adr_gone_hint_screen: '목록을 새로 고치세요. 그래프에 지금 있는 ADR을 보여 줍니다.',
  adr_no_mark: '{{document}}에는 유효한 오래됨 표시가 없어 해제할 것이 없습니다.',
  adr_no_mark_hint: '`lens adr history {{document}}`로 표시 이력을, `lens adr list`로 표시된 ADR을 확인하세요.',
  adr_mark_unreadable: '{{document}}의 표시는 저장되었지만 다시 읽을 수 없습니다.',
  adr_ambiguous: '"{{reference}}"에 해당하는 ADR이 여러 개입니다: {{matches}}.',
  adr_ambiguous_hint: '문서 ID로 지정하세요.',
  adr_unknown: '그래프에 ADR 또는 문서 "{{reference}}"이(가) 없습니다.',
  adr_unknown_near_hint: '{{names}}을(를) 찾으셨나요? `lens adr list`로 모든 ADR을 확인하세요.',
  adr_unknown_hint: '`lens adr list`로 모든 ADR의 문서 ID와 ADR ID를 확인하세요.',
  os_user_unreadable: 'OS 사용자를 읽을 수 없어 누가 ADR을 표시했는지 기록할 수 없습니다.',
  os_user_unreadable_hint: 'LENS_USER에 이름을 설정한 뒤 다시 시도하세요.',
  os_user_nameless: 'OS 사용자에 기록할 이름이 없습니다.',
  os_user_nameless_hint: 'LENS_USER에 이름을 설정하세요.',
  lens_user_unwanted: '표시를 기록하는 이름인 LENS_USER: {{problem}}.',
  lens_user_unwanted_hint: 'LENS_USER에 이름을 일반 텍스트로 설정하거나(LENS_USER=minjun), OS 사용자를 기록하려면 설정을 지우세요.',
  suite_invalid: '스위트가 올바르지 않습니다.',
  suite_invalid_hint: '스위트 파일을 고친 뒤 감사를 다시 실행하세요. README에 전체 스위트 예시가 있습니다.',
  golden_set_invalid: '골든 세트가 올바르지 않습니다.',
  golden_set_invalid_hint: '골든 세트를 고친 뒤 평가를 다시 실행하세요. resources/eval/demo-golden-set.yaml에 전체 세트 예시가 있습니다.',
  suite_unreadable: '스위트 {{file}}을(를) 읽을 수 없습니다: {{reason}}',
  suite_syntax: '{{file}}{{at}}: 올바른 {{format}}이(가) 아닙니다: {{reason}}',
  suite_field: '{{file}}{{at}} {{path}}: {{problem}}',
  suite_alias_cycle:
    '{{file}}{{at}}: 별칭 *{{alias}}이(가) 자기 앵커 &{{alias}}이(가) 가리키는 노드 안에 있어 값이 끝나지 않습니다({{cycle}}). 별칭이 그 노드 밖을 가리키게 하거나 값을 그대로 적으세요',
  suite_too_deep:
    '{{file}}{{at}}: 맵과 목록이 여기서 {{max}}단계보다 깊게 중첩되어 있습니다. 스위트에는 몇 단계면 충분하니 값을 더 평평하게 적으세요',
  suite_unknown_principal:
    '{{file}}{{at}} {{path}}: 로컬 목록이나 그래프에 주체 {{principal}}이(가) 없습니다. `lens principals list`로 주체를 확인하세요',
  more_problems: '… 같은 파일에 문제가 {{count}}개 더 있습니다',
  at_line_column: ' ({{line}}행 {{column}}열)',
  at_line: ' ({{line}}행)',
  no_such_file: '그런 파일이 없습니다',
  file_no_such_file_part: '그런 파일이 없습니다. 경로와 철자를 확인하세요',
  file_no_permission_part: '읽을 권한이 없습니다. 사용자에게 읽기 권한을 주거나 읽을 수 있는 곳으로 복사하세요',
  file_is_folder_part: '파일이 아니라 폴더입니다. 그 안의 파일을 지정하세요',
  file_is_pipe_part: '파이프나 소켓이라 무언가 읽을 때까지 쓰기가 멈춥니다. 일반 파일을 지정하세요',
  file_path_through_file_part: '경로의 일부가 폴더가 아니라 파일입니다. 경로를 확인하세요',
  file_link_loop_part: '심볼릭 링크가 자기 자신으로 되돌아옵니다. 링크가 가리켜야 할 파일을 지정하세요',
  file_name_too_long_part: '경로가 시스템에 비해 너무 깁니다. 더 짧은 경로로 옮기세요',
  file_too_many_open_part: '열린 파일이 너무 많습니다. 프로그램을 몇 개 닫고 다시 시도하세요',
  file_busy_part: '다른 프로그램이 사용 중입니다. 그 프로그램이 끝난 뒤 다시 시도하세요',
  file_disk_error_part: '읽는 중에 디스크 오류가 났습니다. 디스크를 확인하거나 파일을 다른 곳에 복사하세요',
  file_system_error_part: '시스템이 읽지 못했습니다({{code}}). 경로와 권한을 확인하세요',
  file_unreadable_part: '시스템이 읽지 못했습니다. 경로와 권한을 확인하세요',
  file_no_folder_part: '파일이 들어갈 폴더가 없습니다. 폴더를 먼저 만들거나 다른 폴더를 고르세요',
  file_no_write_permission_part: '그곳에 쓸 권한이 없습니다. 쓸 수 있는 폴더를 고르세요',
  file_read_only_disk_part: '쓸 수 없는 디스크에 있습니다. 다른 곳을 고르세요',
  file_disk_full_part: '디스크가 가득 찼습니다. 공간을 비우거나 다른 디스크를 고르세요',
  file_write_error_part: '시스템이 쓰지 못했습니다({{code}}). 폴더와 권한을 확인하세요',
  file_unwritable_part: '시스템이 쓰지 못했습니다. 폴더와 권한을 확인하세요',
  input_not_a_file: '{{file}}은(는) 일반 파일이 아니어서(장치, 파이프 또는 폴더) 읽지 않았습니다.',
  input_not_a_file_hint: '파일 경로를 주세요. 스위트, 골든 세트, 번들을 파이프로 넘기려면 먼저 파일로 저장하세요.',
  input_too_large: '{{file}}은(는) {{size_mb}} MB로, 이 명령이 읽는 {{limit_mb}} MB보다 커서 읽지 않았습니다.',
  input_too_large_hint: '의도한 파일인지 확인하세요. 스위트, 골든 세트, principals 파일, 트레이스 번들은 훨씬 작습니다.',
  input_utf16: '{{file}}은(는) UTF-8이 아닌 {{encoding}} 텍스트여서 읽지 않았습니다.',
  input_utf16_hint: '파일을 UTF-8로 저장한 뒤(PowerShell에서는 Out-File -Encoding utf8) 다시 시도하세요.',
  input_not_utf8:
    '{{file}}은(는) UTF-8 텍스트가 아닙니다. {{line}}번째 줄에 UTF-8로 읽을 수 없는 바이트(Latin-1, Windows-1252 텍스트 등)가 있어, 그 자리를 �로 바꿔 읽지 않고 읽지 않았습니다.',
  input_not_utf8_hint: '파일을 UTF-8로 저장한 뒤(대부분의 편집기: 인코딩 지정 저장 → UTF-8) 다시 시도하세요.',
  top_level: '(최상위)',
  unknown_key_near: '알 수 없는 키 {{key}}: {{near}}을(를) 뜻하셨나요?{{takes}}',
  unknown_key_remove: '알 수 없는 키 {{key}}: 지우세요{{takes}}',
  place_takes: ' (이 자리에 올 수 있는 키: {{keys}})',
  principals_that_exist: '있는 주체: {{principals}}.',
  principals_none_exist: '있는 주체가 없습니다.',
  provider_not_configured: '설정된 엔드포인트가 없습니다',
  provider_endpoint_invalid: '{{field}}: {{problem}}.',
  provider_endpoint_invalid_hint:
    '제공자 주소는 {{url_variable}}=http://host:port/path 형식으로, 필요하면 베어러 토큰은 {{token_variable}}에 지정하세요.',
  provider_url_not_http: '제공자 엔드포인트는 http:// 또는 https:// URL이어야 합니다(예: http://127.0.0.1:8080/context)',
  provider_endpoint_unusable: '--provider {{url}}의 제공자 엔드포인트를 쓸 수 없습니다: {{problem}}',
  provider_endpoint_unusable_hint:
    '--provider에는 자격 증명 없는 엔드포인트의 http:// 또는 https:// URL(예: http://127.0.0.1:8080/context)을 주세요. 토큰은 LENS_PROVIDER_TOKEN에 넣습니다.',
  provider_url_credential: '제공자 URL에 자격 증명이 들어 있습니다. 토큰은 베어러 토큰({{variable}})으로 지정하세요',
  leak_check_row_cap: '유출 검사가 {{query}}에서 허용된 행 수({{cap}})보다 많이 읽어 끝나지 않았습니다.',
  leak_check_row_cap_hint: '항목이 더 적은 실행을 비교하세요.',
  leak_check_other_graph:
    '실행 {{trace}}은(는) 이 비교가 읽는 그래프({{current}})가 아닌 {{recorded}}에서 기록되어 그 항목을 여기서 검사할 수 없습니다.',
  leak_check_other_graph_hint: '실행이 기록된 그래프에 연결해 그곳에서 비교하거나, 이 그래프에서 만든 실행을 비교하세요.',
  run_other_graph:
    '실행 {{trace}}은(는) 이 앱이 지금 읽는 그래프({{current}})가 아닌 {{recorded}}에서 기록되었으므로 여기서는 {{what}} 알 수 없습니다: 그 ID를 실행이 읽은 적 없는 그래프에서 찾게 됩니다.',
  run_other_graph_why_not_part: '청크가 왜 빠졌는지',
  run_other_graph_provenance_part: '그 출처 그래프를',
  run_other_graph_hint: '{{recorded}}에 연결해(NEO4J_URI 또는 연결 화면) 그곳에서 물어보거나, 이 그래프에서 만든 실행을 고르세요.',
  leak_check_row_shape: '{{query}}이(가) 예상하지 못한 형태의 행을 돌려주었습니다: {{problem}}',
  view_row_cap: '{{query}} 질의가 {{cap}}행보다 많이 돌려주어 보기가 불완전해집니다.',
  view_row_shape: '{{query}} 질의가 예상하지 못한 형태의 행을 돌려주었습니다.',
  item_index_out_of_range: '항목 번호 {{index}}이(가) 범위를 벗어났습니다: 실행 {{trace}}의 항목은 {{count}}개입니다.',
  item_index_out_of_range_hint: '열려 있는 실행의 항목을 고르세요.',
  no_such_node: '그래프에 노드 {{node}}이(가) 없습니다.',
  no_such_node_hint: '보기를 그린 뒤 그래프가 다시 적재되었을 수 있습니다. 출처 보기를 다시 여세요.',
  node_not_visible: '{{principal}}은(는) 이 노드를 볼 수 없습니다. 볼 수 없는 노드를 펼치면 볼 수 없는 것이 드러납니다.',
  node_not_visible_hint: '보이는 노드를 펼치거나, 이 노드를 볼 수 있는 주체로 질의를 실행하세요.',
  not_an_extension: '--ext {{ext}}은(는) 파일 확장자가 아닙니다.',
  not_an_extension_hint: 'md.erb나 mdx 같은 확장자를 쉼표로 구분하거나 --ext 옵션을 여러 번 써서 지정하세요.',
  not_an_extension_screen: '"함께 읽을 확장자"의 "{{ext}}"은(는) 파일 확장자가 아닙니다.',
  not_an_extension_screen_hint: 'md.erb나 mdx 같은 확장자를 공백이나 쉼표로 구분해 입력하세요.',
  acl_mapping_unreadable: '{{file}}: ACL 매핑을 YAML이나 JSON으로 읽을 수 없습니다({{reason}}).',
  acl_mapping_empty: '{{file}}: ACL 매핑 파일에 아무것도 없습니다(비어 있거나 주석이나 null뿐입니다). 그래서 어떤 접근도 정하지 않습니다.',
  acl_mapping_too_deep:
    '{{file}} {{line}}행: ACL 매핑의 맵과 목록이 {{max}}단계보다 깊게 중첩되어 있습니다. 매핑에는 몇 단계면 충분합니다.',
  acl_mapping_unreadable_hint: '파일을 고치거나, ACL 매핑 없이(--acl을 빼고) 불러와 front matter만 쓰세요.',
  acl_mapping_unreadable_screen_hint: '파일을 고치거나, "ACL 매핑 파일" 칸을 비워 front matter만으로 불러오세요.',
  acl_mapping_not_read: '{{file}}: ACL 매핑 파일을 읽을 수 없습니다: {{reason}}.',
  acl_mapping_not_read_hint: 'ACL 매핑 파일의 경로를 확인하거나, 매핑 파일 없이 불러와 front matter만 쓰세요.',
  acl_mapping_field: '{{file}}{{at}}: {{path}}: {{problem}}.',
  acl_mapping_whole: '{{file}}{{at}}: 매핑: {{problem}}.',
  acl_mapping_invalid: '{{file}}: 매핑이 올바르지 않습니다.',
  acl_mapping_invalid_hint:
    '{ defaults: {...}, files: { "<glob>": {...} }, groups: [...], principals: [...] } 형식으로 작성하세요. 접근 필드는 {{fields}}, 그룹은 {{group_fields}}, 주체는 {{principal_fields}}를 씁니다.',
  acl_mapping_duplicate_id: '{{file}}{{at}}: {{path}}: {{id}}은(는) 이미 {{other}}이(가) 쓰고 있습니다. 각각 고유한 id를 주세요.',
  acl_mapping_given: 'ACL 매핑',
  not_a_folder: '{{folder}}은(는) 폴더가 아닙니다.',
  not_a_folder_hint: '마크다운 파일이 든 폴더의 전체 경로를 지정하세요(명령줄에서는 --docs).',
  not_a_folder_screen_hint: '"폴더" 칸에 마크다운 파일이 든 폴더의 전체 경로를 입력하세요.',
  no_such_folder: '{{folder}}이(가) 없습니다.',
  rerun_impossible: '실행 {{trace}}의 요청을 다시 실행할 수 없습니다: {{reason}}',
  no_such_chunk: '그래프에 청크 "{{id}}"이(가) 없습니다.',
  no_such_chunk_hint: '실행의 항목과 잘린 청크에 표시된 청크 ID를 지정하세요(예: runbook-payments-db-failover#2).',
  no_such_document: '그래프에 문서 "{{id}}"이(가) 없습니다.',
  no_such_document_hint: '실행의 항목에 표시된 문서 ID를 지정하세요(예: runbook-payments-db-failover).',
  no_such_document_hint_path: '{{path}}은(는) 문서 {{suggestion}}의 출처입니다. 그 ID를 지정하세요.',
  chunk_without_document: '청크 "{{id}}"은(는) 그래프의 어떤 문서에도 속하지 않아 어떤 검색도 이를 돌려줄 수 없습니다.',
  call_answer_preview: '답변 미리보기',
  call_text2cypher: 'Text2Cypher',
  call_embed_text: '{{embedder}}로 텍스트 임베딩',
  call_embed_texts: '{{embedder}}로 텍스트 {{count}}개 임베딩',
  model_call_cancelled: '{{call}}이(가) 취소되었습니다.',
  model_call_timeout: '{{call}}이(가) 주어진 {{budget}} ms(요청 시간 중 이 호출의 몫) 안에 끝나지 않았습니다.',
  model_call_timeout_hint: 'timeout_ms를 늘리거나, 모델 서버가 빨리 응답하는지 확인하세요.',
  model_key_refused: '{{call}}이(가) 거부되었습니다: 모델 서버가 API 키를 받아들이지 않았습니다({{status}}).',
  model_key_refused_hint: '올바른 키를 설정하세요(앱에서는 설정, CLI와 브라우저 모드에서는 OPENAI_API_KEY).',
  model_request_rejected: '모델 서버가 {{call}} 요청을 거절했습니다({{status}}).',
  model_request_rejected_hint: '설정이나 LENS_EMBEDDER / LENS_CHAT_MODEL의 모델 이름, 차원, 기본 URL을 확인하세요.',
  model_no_key: '{{call}}이(가) 거부되었습니다({{status}}): 설정된 API 키가 없는데 기본 URL의 모델 서버는 키가 필요합니다.',
  model_no_key_hint: '설정에서 OpenAI 키를 저장하거나(데스크톱 앱은 OS 키 저장소에 보관), 앱이 실행되는 곳에 OPENAI_API_KEY를 설정하세요.',
  model_no_key_hint_screen:
    '설정에서 OpenAI 키를 저장하거나(데스크톱 앱), 브라우저 모드라면 `lens web`이 실행되는 곳에 OPENAI_API_KEY를 설정하고 다시 시작하세요.',
  model_not_found: '{{call}}이(가) 거부되었습니다: 모델 서버에 설정한 이름의 모델이 없습니다({{status}}).',
  model_not_found_hint:
    '그 서버가 제공하는 모델 이름을 설정(채팅 모델, 또는 임베더의 모델)이나 LENS_CHAT_MODEL / LENS_EMBEDDER에 지정하세요.',
  model_api_not_found: '{{call}}이(가) 기본 URL에서 OpenAI 호환 API를 찾지 못했습니다: 서버가 {{status}}(찾을 수 없음)로 응답했습니다.',
  model_api_not_found_hint:
    '설정이나 OPENAI_BASE_URL의 기본 URL을 확인하세요. OpenAI 호환 API는 보통 http://localhost:11434/v1처럼 /v1로 끝납니다.',
  model_server_failing: '{{call}}이(가) {{attempts}}번 시도 후 실패했습니다: 모델 서버에 연결할 수 없거나 서버가 실패하고 있습니다.',
  model_server_failing_hint: '기본 URL의 서버가 실행 중인지 확인한 뒤 다시 시도하세요.',
  model_reply_not_completion: '{{call}}이(가) 모델 서버에서 채팅 완성이 아닌 응답을 받았습니다({{got}}을(를) 보냄).',
  reply_text: '텍스트',
  reply_malformed_json: '깨진 JSON',
  reply_null: 'null',
  reply_list: '목록',
  reply_object: 'choices가 없는 객체',
  reply_number: '숫자',
  reply_boolean: '참/거짓 값',
  reply_nothing: '빈 응답',
  model_reply_not_completion_hint:
    '기본 URL이 웹 페이지, 프록시 로그인, 스트리밍 엔드포인트가 아니라 OpenAI 호환 API(/v1로 끝남)인지 확인하세요.',
  no_chat_model: '답변 미리보기에는 채팅 모델이 필요한데, 설정된 모델이 없습니다.',
  preview_run_not_answer:
    '실행이 {{outcome}}(으)로 끝났습니다. 남은 항목은 이 주체에게 줄 수 있는 근거가 아니어서 그것으로 답변을 작성하지 않습니다.',
  preview_run_not_answer_hint: 'ok로 끝난 실행에서 미리보기를 작성하세요.',
  preview_empty_reply: '채팅 모델 {{model}}이(가) 아무것도 작성하지 않았습니다. 응답에 텍스트가 없어 미리보기를 남기지 않았습니다.',
  preview_empty_reply_hint: '다시 작성해 보고, 계속 비어 있으면 모델 이름과 기본 URL의 서버를 확인하세요.',
  no_chat_model_hint:
    '설정에서 채팅 모델을 지정하거나 LENS_CHAT_MODEL을 설정하세요(OPENAI_API_KEY와 함께, 호환 서버라면 OPENAI_BASE_URL도).',
  embedding_reply_unusable: '{{embedder}}에 대한 임베딩 서버의 응답을 쓸 수 없습니다: {{problem}}.',
  reply_vector_count: '텍스트 {{count}}개에 벡터가 {{got}}개 들어 있습니다',
  reply_vector_count_hint: '기본 URL이 OpenAI 호환 임베딩 API를 가리키는지 확인하세요.',
  reply_vector_not_numbers: '벡터 {{index}}이(가) 없거나 숫자 목록이 아닙니다',
  reply_vector_not_numbers_hint: '서버가 OpenAI 임베딩 API를 따르는지 확인하세요.',
  reply_vector_length: '{{expected}}차원이어야 할 벡터가 {{got}}차원입니다',
  reply_vector_length_hint:
    '서버가 요청한 차원을 무시할 수 있습니다. 모델이 만드는 길이를 설정하거나(LENS_EMBEDDER=openai:<model>:<dimensions> 또는 설정), 길이를 빼세요.',
  candidate_row_cap: '후보 질의 {{query}}이(가) 행 상한({{cap}})에 닿아 답이 불완전해집니다.',
  chunk_id_not_text:
    '이 주체가 볼 수 있는 청크의 ID가 {{type}} 형식의 {{value}}이며 문자열도 정수도 아닙니다. 출처 그래프, why-not, 비교는 청크를 문자열로 쓴 ID로 다시 찾는데, {{type}} 값에는 찾을 수 있는 하나의 문자열이 없습니다.',
  chunk_id_not_text_hint:
    '그래프에서 청크에 문자열이나 정수 ID를 주거나 스키마 프로필에 그런 ID를 담은 속성을 지정하세요. ID의 뜻을 짐작해 읽지 않습니다.',
  node_id_twin:
    '두 {{label}} 노드의 ID가 {{id}}입니다. 하나는 문자열로, 다른 하나는 INTEGER {{id}}(으)로 가지고 있습니다. 항목은 {{label}}을(를) 문자열 ID로 가리키므로 어느 쪽이든 가리킬 수 있어, 한쪽을 다른 쪽 대신 답하지 않습니다.',
  node_id_twin_hint: '그래프에서 두 {{label}} 노드 중 하나에 다른 ID를 주거나, 그래프의 모든 {{label}} ID를 한 가지 형식으로 두세요.',
  packing_limit_invalid: '{{name}}은(는) {{min}} 이상의 정수여야 합니다({{value}}이(가) 아님).',
  token_count_invalid: '토큰 계수기 {{counter}}이(가) 청크에 대해 {{tokens}}을(를) 돌려주었습니다. 정수를 돌려주어야 합니다.',
  template_id_missing: 'cypher 모드에는 options.template_id가 필요합니다.',
  template_unknown: '질의 템플릿 "{{id}}"이(가) 없습니다.',
  template_pick_hint: '다음 중 하나를 고르세요: {{templates}}.',
  template_param_unknown: '질의 템플릿 "{{template}}"에는 매개변수 "{{name}}"이(가) 없어, 그 값 없이 실행됩니다.',
  template_param_unknown_hint: '"{{closest}}"을(를) 뜻했나요? 이 템플릿이 읽는 매개변수: {{parameters}}.',
  template_param_unknown_list_hint: '이 템플릿이 읽는 매개변수: {{parameters}}.',
  template_param_none_hint: '이 템플릿은 자기 매개변수를 읽지 않습니다. 매개변수를 빼세요.',
  template_param_set_by_run:
    '질의 템플릿 "{{template}}"의 매개변수 "{{name}}"은(는) 실행이 직접 정합니다(질문, top_k, 주체와 그 접근 권한). 그래서 준 값은 버려집니다.',
  template_param_set_by_run_hint: '빼세요. 질문은 질의 텍스트로 쓰고, 주체는 실행할 주체로 고르세요.',
  no_vector_index: '그래프에 벡터 인덱스 {{index}}이(가) 없어 벡터 검색을 실행할 수 없습니다.',
  no_vector_index_hint:
    '인덱스를 만들거나(데모 적재기가 만듭니다) 스키마 프로필의 indexes.chunkVector를 설정하세요. `lens connect`로 인덱스 목록을 볼 수 있습니다.',
  vector_length_mismatch:
    '벡터 인덱스 {{index}}에는 {{dimensions}}차원 벡터가 있지만, 질의는 {{query_dimensions}}차원을 만드는 {{embedder}}로 임베딩됩니다. 벡터 검색으로 비교할 수 없습니다.',
  vector_length_mismatch_recorded:
    '벡터 인덱스 {{index}}에는 {{recorded}}로 임베딩한 {{dimensions}}차원 벡터가 있지만, 질의는 {{query_dimensions}}차원을 만드는 {{embedder}}로 임베딩됩니다. 벡터 검색으로 비교할 수 없습니다.',
  embedder_differs:
    '그래프의 벡터는 {{recorded}}{{recorded_length}}로 만들었지만, 질의는 {{embedder}}{{embedder_length}}로 임베딩됩니다. 유사도가 의미가 없습니다.',
  embedder_features_differ:
    '그래프의 벡터는 {{embedder}}의 특징 버전 {{recorded_features}}로 만들었지만, 이 버전의 Provenance Lens는 질의를 버전 {{features}}로 임베딩합니다. 유사도가 의미가 없습니다.',
  embedder_features_hint:
    '그래프를 다시 적재해 버전 {{features}}로 임베딩하세요. 데모 코퍼스는 `lens demo load`(또는 연결 화면의 "데모 코퍼스 다시 불러오기"), 직접 만든 폴더는 `lens demo load --docs <folder>`로 적재합니다.',
  dimensions_in_brackets: '({{dimensions}}차원)',
  embedder_recorded_hint:
    '{{recorded}}로 질의하거나(LENS_EMBEDDER={{recorded}} 또는 설정), {{embedder}}로 그래프를 다시 적재하세요(`lens demo load`는 설정된 임베더로 임베딩합니다).',
  embedder_unrecorded_hint:
    '인덱스를 만든 임베더를 설정하거나, {{embedder}}로 그래프를 다시 적재하세요(`lens demo load`는 설정된 임베더로 임베딩합니다).',
  freshness_now_invalid: '최신성을 올바르지 않은 현재 시각으로 물었습니다.',
  required_at_invalid: 'freshness_required_at이 올바른 날짜가 아닙니다.',
  required_at_invalid_hint: '2026-01-01 같은 ISO 날짜를 쓰세요.',
  explainer_disagrees: '접근 설명기가 최종 접근 검사에서 허용된 청크 {{chunk}}을(를) 거부합니다: 정책의 컴파일 결과가 서로 다릅니다.',
  unknown_principal: '알 수 없는 주체 "{{principal}}": 로컬 목록에도 없고 그래프의 :{{label}} 노드도 아닙니다.',
  inline_principal_taken:
    '요청에 직접 준 주체의 id "{{principal}}"은(는) {{where}}에 다른 접근 권한으로 있습니다({{differences}}). 직접 준 주체는 그 주체로 행세할 수 없습니다.',
  inline_principal_taken_hint: '직접 준 주체에 고유한 id를 주거나(예: "{{principal}}+what-if"), id "{{principal}}"(으)로 요청하세요.',
  inline_taken_graph: '그래프',
  inline_taken_local: '로컬 주체 목록',
  unknown_principal_hint: '`lens principals list`로 알려진 주체를 확인하고, `lens principals import FILE`로 추가하세요.',
  unknown_principal_hidden: '알 수 없는 주체 "{{principal}}": id에 보이지 않는 문자({{characters}})가 있고, 그런 id의 주체는 없습니다.',
  unknown_principal_hidden_hint: '그 문자를 빼고 "{{visible}}"(으)로 쓰세요(붙여 넣지 말고 직접 입력하세요).',
  unknown_principal_decomposed:
    '알 수 없는 주체 "{{principal}}": id가 분해된 유니코드(NFD, 글자와 그 부호·자모가 따로)로 쓰였고, 그렇게 쓴 id의 주체는 없습니다.',
  unknown_principal_decomposed_hint: '키보드로 입력하듯 조합형(NFC)으로 쓰세요: "{{visible}}".',
  unknown_principal_spaced: '알 수 없는 주체 "{{principal}}": id가 공백으로 시작하거나 끝나고, 그렇게 쓴 id의 주체는 없습니다.',
  unknown_principal_spaced_hint: '앞뒤 공백 없이 쓰세요: "{{visible}}".',
  unknown_principal_compatibility:
    '알 수 없는 주체 "{{principal}}": id가 일반 문자와 닮은 다른 형태(ｕ 같은 전각 문자, 합자, 원 문자나 위 첨자 숫자)로 쓰였고, 그렇게 쓴 id의 주체는 없습니다.',
  unknown_principal_compatibility_hint: '보이는 대로 일반 문자로 쓰세요: "{{visible}}"(입력기의 전각 모드를 끄세요).',
  unknown_principal_hint_screen:
    '이 화면의 주체 목록에서 고르세요. 목록에는 로컬 주체와 그래프의 Principal 노드가 있습니다(그 사이 불러온 폴더에는 그 폴더의 주체가 있습니다).',
  graph_principal_list_invalid:
    '그래프의 주체 "{{principal}}"(으)로 요청할 수 없습니다: 속성 {{property}}의 값 {{value}}은(는) 이름 목록이 아닙니다.',
  graph_principal_name_invalid:
    '그래프의 주체 "{{principal}}"(으)로 요청할 수 없습니다: 속성 {{property}}의 값 {{value}}은(는) 이름이 아닙니다.',
  graph_principal_property_missing:
    '그래프의 주체 "{{principal}}"(으)로 요청할 수 없습니다: 속성 {{property}}이(가) 설정되어 있지 않습니다.',
  graph_principal_group_invalid:
    '그래프의 주체 "{{principal}}"(으)로 요청할 수 없습니다: {{property}}이(가) {{value}}인 :{{label}}의 구성원인데, 그 값은 이름이 아닙니다.',
  graph_principal_invalid_hint:
    '그래프의 노드를 고치거나(이름은 빈 문자열이 아닌 문자열이며, 문자열 하나는 항목 하나인 목록으로 읽습니다) 스키마 프로필에 그 값을 담은 속성을 지정하세요. 뜻을 짐작해 권한을 주거나 빼지 않습니다.',
  retrieval_failed_unexpectedly: '검색이 {{stage}} 단계에서 예기치 않게 실패했습니다: {{reason}}',
  unknown_token_encoding: '"{{encoding}}"은(는) 이 앱이 셀 수 있는 토큰 인코딩이 아닙니다.',
  unknown_token_encoding_hint: '다음 중 하나를 쓰세요: {{encodings}}.',
  access_policy_invalid: '접근 정책이 올바르지 않습니다.',
  access_policy_invalid_hint: '스키마 프로필의 접근 정책을 고치세요.',
  access_policy_problem: '{{path}}: {{problem}}',
  acl_variable_not_identifier: '{{role}} 변수 "{{name}}"은(는) 일반 Cypher 식별자가 아닙니다.',
  acl_variable_not_identifier_hint: '글자, 숫자, 밑줄을 쓰고, 숫자로 시작하지 마세요.',
  acl_variable_reserved: '{{role}} 변수 "{{name}}"은(는) 컴파일된 접근 정책이 자체적으로 쓰는 "{{prefix}}"로 시작합니다.',
  acl_variable_reserved_hint: '다른 변수 이름을 고르세요.',
  rbo_persistence_invalid: 'RBO 지속성은 0과 1 사이(양 끝 제외)여야 합니다({{value}}이(가) 아님).',
  rbo_persistence_invalid_hint: '0.9(일반적인 값)를 쓰거나, 상위 순위에 더 무게를 두려면 0.8 같은 값을 쓰세요.',
  job_failed_silently: '작업 {{job}}이(가) 이유를 밝히지 않고 실패했습니다.',
  job_without_evaluation: '작업 {{job}}이(가) 평가를 지정하지 않고 끝났습니다.',
  no_fulltext_index: '그래프에 전문 검색 인덱스 {{index}}이(가) 없어 전문 검색을 실행할 수 없습니다.',
  no_fulltext_index_hint: '인덱스를 만들거나(데모 로더가 만듭니다) 스키마 프로필에서 indexes.chunkFulltext를 설정하세요.',
};

/** The catalogue, in every language of the UI. */
export const RETRIEVAL_ERROR_MESSAGES: Readonly<Record<'en' | 'ko', Readonly<Record<string, string>>>> = { en, ko };

/** A message of this catalogue, typed so that only its codes can be built. */
export const retrievalError = messageBuilder<'error_retrieval', RetrievalErrorCode>('error_retrieval');

/** This catalogue and those a field's problem (issue-words.ts) is worded from: none of them imports the catalogue registry. */
const CATALOGUES = {
  error_retrieval: RETRIEVAL_ERROR_MESSAGES,
  error_server: SERVER_ERROR_MESSAGES,
  error_schema: SCHEMA_ISSUE_MESSAGES,
  param: PARAM_MESSAGES,
};

const english = (message: CoreMessage): string => wordCoreMessage(message, CATALOGUES) ?? message.code;

/**
 * `codedError` for the shared modules that the catalogue registry imports in turn (the access policy,
 * rank overlap): the same error, its English worded from this catalogue (and a field problem's) alone,
 * so no import cycle forms. `moreProblems` are kept with their codes, and in English one per line as the detail.
 */
export function retrievalCodedError(
  kind: ErrorKind,
  message: CoreMessage,
  options: { hint?: CoreMessage; detail?: string; moreProblems?: readonly CoreMessage[] } = {},
): LensError {
  const { hint, detail, moreProblems = [] } = options;
  const lines = moreProblems.map((problem) => ({ text: english(problem), code: problem.code, params: problem.params ?? {} }));
  return new LensError(kind, english(message), {
    ...(hint === undefined ? {} : { hint: english(hint), hintSaid: hint }),
    ...(lines.length > 0 ? { detail: lines.map((line) => line.text).join('\n'), moreProblems: lines } : {}),
    ...(detail === undefined ? {} : { detail }),
    said: message,
  });
}
