import { messageBuilder, wordCoreMessage, type CoreMessage, type CoreParams } from './core-message';

/**
 * The lines `lens` prints about its own work (namespace `cli`): empty lists, summaries, why the
 * desktop window cannot open, what EXPLAIN did not do, each a code with parameters, worded in English
 * by the CLI (i18next's `{{name}}` placeholders, as the other catalogues). Sentences another
 * catalogue already words (a denial, a suggestion, an access clause) come from that catalogue. A count
 * a sentence agrees with has a `_one` and an `_other` code (English inflects; Korean words both
 * alike), so "1 run" and "2 runs" are both right.
 */

const en = {
  // cli-output.ts: an error's hint, and the hint of an error the CLI did not expect.
  hint_line: 'what to do: {{hint}}',
  internal_hint: 'This is a bug in Provenance Lens. Run the command again with {{variable}}=1 to see where it happened, and report it.',
  // shell-launcher.ts and start-command.ts: why the desktop window cannot open here.
  electron_package_missing: 'The electron package is not installed (run npm ci).',
  electron_binary_missing: 'The Electron binary is not installed here (its download is not reachable from this machine).',
  no_display: 'There is no display (DISPLAY is not set) to open the desktop window on.',
  browser_instead: '{{reason}} Opening browser mode instead.',
  browser_mode_at: 'Provenance Lens (browser mode): {{url}}',
  // start-command.ts and neo4j-command.ts: the server a command started or found running.
  demo_started: 'Started the demo Neo4j {{version}} on {{uri}}',
  demo_reusing: 'Reusing the demo Neo4j {{version}} on {{uri}}',
  neo4j_started: 'Started Neo4j {{version}} (pid {{pid}}) in {{seconds}} s',
  neo4j_reusing: 'Reusing Neo4j {{version}} (pid {{pid}})',
  // plan-lines.ts: a stored query and what EXPLAIN said of it.
  plan_query_head: 'Query {{number}} of {{total}}: stage {{stage}}, {{name}}',
  plan_params_not_kept: '(parameters were not kept for this run)',
  plan_head: 'Plan (query type {{type}}; EXPLAIN only, the query did not run):',
  plan_secret_param: 'Not explained: the trace removed the secret of {{names}}, and EXPLAIN needs every parameter.',
  plan_refused: 'Refused by the read-only guard [{{rule}}]: only read queries are explained.',
  // provider-audit-lines.ts: the audit of a provider run.
  provider_no_answer: 'no answer',
  provider_said: 'it said {{outcome}} (its trace {{trace}})',
  provider_none_configured: '(none configured)',
  provider_not_audited: 'NOT AUDITED: the audit against the graph did not finish; nothing here says the answer is clean.',
  provider_no_violations: 'No violations: {{items}} item(s) checked against the graph ({{nodes}} nodes).',
  provider_violations: 'VIOLATIONS: {{count}} in {{items}} item(s) checked against the graph ({{nodes}} nodes)',
  // denied-lines.ts: the heading above the denied counts.
  withheld_none: 'Withheld: nothing counted',
  withheld_heading: 'Withheld (counts only; each line says what it counts):',
  // Who marked an item's document stale.
  marked_by: '(marked by {{who}})',
  // A list cut short: the shown values, then how many more.
  more_values: '{{values}} and {{count}} more',
  // Figures a sentence is built from.
  count_runs_one: '{{count}} run',
  count_runs_other: '{{count}} runs',
  count_matching_runs_one: '{{count}} matching run',
  count_matching_runs_other: '{{count}} matching runs',
  count_rows_one: '{{count}} row',
  count_rows_other: '{{count}} rows',
  count_tokens_one: '{{count}} token',
  count_tokens_other: '{{count}} tokens',
  count_chunks_one: '{{count}} chunk',
  count_chunks_other: '{{count}} chunks',
  count_adrs_one: '{{count}} ADR',
  count_adrs_other: '{{count}} ADRs',
  count_suggestions_one: '{{count}} suggestion',
  count_suggestions_other: '{{count}} suggestions',
  // adr-command.ts and adr-format.ts: the stale-ADR commands.
  adr_export_written_one: 'Wrote {{count}} stale mark as {{format}} to {{file}}.',
  adr_export_written_other: 'Wrote {{count}} stale marks as {{format}} to {{file}}.',
  adr_no_status: 'no status',
  adr_superseded_by: 'superseded by {{names}}',
  adr_suggested_stale: 'suggested stale ({{kind}}, {{score}}): {{reason}}',
  adr_drift: 'drift: this record still reads as in force',
  adr_status_as_written: 'status as written: {{status}}',
  adr_decided_on: 'decided {{date}}',
  adr_dated: 'dated {{date}}',
  adr_proposed_on: 'proposed {{date}}',
  adr_freshness: 'freshness {{verdict}}',
  adr_partly: '{{name}} (partly)',
  adr_suggestion_summary: '{{suggestions}} on {{adrs}} the graph does not mark. {{note}}',
  adr_text_capped_one:
    'note: the text of {{count}} ADR was read only up to {{cap}} characters, so a suggestion may be missing for it: {{ids}}',
  adr_text_capped_other:
    'note: the text of {{count}} ADRs were read only up to {{cap}} characters, so a suggestion may be missing for them: {{ids}}',
  adr_texts_truncated: 'warning: the graph holds more ADR texts than one read returns; some ADRs were read without their text.',
  adr_none: 'The graph holds no ADR (no Document with the ADR label).',
  adr_counts: '{{adrs}}: {{current}} current, {{stale}} stale, {{unknown}} unknown; {{marked}} marked stale here.',
  adr_mark_hint: 'Mark one stale: lens adr mark <adr> --reason "…" [--successor <adr>]',
  adr_list_truncated: 'warning: the graph holds more ADRs than one read returns; the list is cut short.',
  adr_document_gone: 'The graph no longer holds this document.',
  adr_later_runs: 'Later runs label it {{detail}}',
  adr_mark_replaced: 'It replaces the mark {{by}} made at {{at}} ("{{reason}}"), which stays in the history.',
  adr_none_marked: 'No ADR has been marked yet.',
  adr_never_marked: '{{document}} has never been marked.',
  // compare-command.ts and compare-format.ts: two principals, two runs.
  compare_usage: 'lens compare "<text>" --as A --vs B, lens compare --runs T1 T2, lens compare --open ID or lens compare --list',
  compare_through: '(through {{node}})',
  compare_denied_at: 'denied at {{node}}{{via}}, {{denial}}: {{why}}',
  compare_broken_clause: 'broken clause: {{rule}}',
  compare_not_judged: 'not judged: its request was refused before it ran as anyone',
  compare_not_in_graph: '{{node}} is not in the graph, so it cannot be shown to be in scope',
  compare_leaks_unknown: 'The leaks are unknown: nothing here says there are none.',
  compare_no_leaks: 'No leaks: every item of both runs was checked against the graph ({{nodes}} nodes).',
  compare_leaks: 'LEAKS: {{count}} node(s) drawn on by items returned to a principal who may not see them',
  compare_not_compared_both:
    "Not compared: A's run ended in {{outcome_a}} and B's run ended in {{outcome_b}}, so neither has an answer to set beside the other's.",
  compare_not_compared_one:
    "Not compared: {{side}}'s run ended in {{outcome}}, so it has no answer to set beside {{other}}'s; the items below are what {{other}} returned, not what the other was kept from.",
  compare_none_kept: 'No comparisons kept yet.',
  compare_leak_check_failed: 'leak check failed',
  compare_leaks_unknown_unanswered: 'leaks unknown ({{sides}} gave no answer)',
  compare_csv_side_unanswered: '{{side}} gave no answer, its run ended in {{outcome}}',
  compare_csv_leaks_unknown:
    'No CSV written for comparison {{id}}: its leaks are unknown ({{why}}), and a CSV of its header alone would read as no leaks. Compare again (with a longer timeout), or see it with lens compare --open {{id}}.',
  // connect-command.ts: the connect report.
  connect_source_demo: 'local demo server',
  connect_source_env: 'from NEO4J_URI',
  connect_read_only: 'Read-only: sessions {{mode}}, client guard {{guard}}, account can write: {{can_write}}',
  connect_roles_not_listed: 'not listed',
  connect_graph: 'Graph: {{nodes}} nodes, {{relationships}} relationships',
  connect_embedder: 'embedder recorded on the graph: {{embedder}} ({{kind}}, {{dimensions}} dims)',
  connect_profile_fits: 'Schema profile "{{profile}}": fits the graph.',
  connect_profile_differs: 'Schema profile "{{profile}}": {{count}} differences',
  connect_supports: 'What this graph supports:',
  connect_notes_folded: '({{count}} notes are folded into the lines above; --verbose lists each.)',
  // embed-command.ts: what the embedder's kind means, and a vector of zeros.
  embed_kind_lexical: 'it matches words and spellings, not meaning',
  embed_kind_semantic: "a model's embedding",
  embed_no_signal: 'The text has no words the embedder can use; vector search gets no signal from it.',
  // explain-command.ts: why a document or chunk was not returned.
  explain_head: 'Why not? run {{trace}} · as {{principal}} · {{mode}} · {{outcome}} · "{{text}}"',
  explain_document: 'Document {{document}}{{title}}: {{chunks}}',
  explain_first_explained: '(the first {{count}} explained)',
  explain_chunk: 'Chunk {{chunk}} of document {{document}}{{title}}',
  explain_no_chunks: 'The document has no chunks, so no retrieval can return it.',
  explain_read_at: 'Access and filters judged on the graph as read at {{read_at}}.',
  // principals-command.ts: the local principal list.
  principals_override_mark: "! local copy overrides the graph's principal",
  principals_imported_one: 'Imported {{count}} principal from {{file}}.',
  principals_imported_other: 'Imported {{count}} principals from {{file}}.',
  principals_none: 'No principals: the local list is empty and the graph has no Principal nodes.',
  principals_unreadable_note:
    "Not listed, and not usable to run as: {{count}} of the graph's Principal nodes cannot be read as a principal (the others are listed):",
  principals_override_note:
    "{{ids}}: the local copy is used instead of the graph's principal of the same id. `lens principals remove ID` removes a local copy.",
  principals_removed:
    "Removed the local principal {{principal}} ({{source}}). Runs as {{principal}} now use the graph's principal of that id, if the graph has one.",
  // query-command.ts: a run's items and what it left out.
  query_access_not_recorded: 'not recorded for this run',
  // terminal-text.ts: a title longer than a line shows.
  title_cut: '{{text}}… ({{length}} characters; --json gives it whole)',
  query_kind_lexical: 'matches words, not meaning',
  span_unknown: 'span unknown (the graph holds no character offsets)',
  version_none: 'no version',
  title_held_as_list: 'title is a list in the graph',
  title_held_as_number: 'title is a number in the graph',
  query_lacking_provenance: 'Rows lacking provenance (not shown as items): {{count}}',
  // synth-command.ts: the synthetic load's summary.
  synth_skipped: '{{target}} already holds this synthetic graph (plan {{plan}}); nothing written',
  synth_time: 'time: generate {{generate}}, plan hash {{hash}}, write with embeddings and indexes {{write}}',
  synth_reach_head: 'principals (reach under the default access rule):',
  synth_reach: '{{principal}} {{chunks}} chunks in {{documents}} documents  (target {{target}}, selectivity {{selectivity}})',
  // traces-command.ts: the run list, one run, and the store.
  traces_none_match: 'No runs match these filters.',
  traces_none: 'No runs recorded yet.',
  traces_none_on_page: 'No runs on this page ({{runs}} match; lower --offset).',
  traces_showing: 'Showing {{shown}} of {{runs}}; narrow the filters or raise --limit.',
  traces_local_copy: "a local copy that overrides the graph's principal of that id",
  traces_lacking_provenance: '{{rows}} lacked provenance and were not passed on as sourced.',
  traces_row_cap: '(truncated at the row cap)',
  traces_replay_of: 'replay of {{trace}}',
  traces_at_stage: 'at stage {{stage}}',
  traces_answerable: 'answerable',
  traces_not_answerable: 'not answerable',
  traces_budget: 'Budget: {{used}} of {{max}} tokens; {{elapsed}} of {{timeout}}',
  traces_runs_not_listed: '(runs not listed)',
  traces_skipped: 'Skipped {{runs}} the trace store could not read:',
  traces_store_sound: 'The trace store {{file}} is sound (checked in {{elapsed}}).',
  traces_store_damaged: 'The trace store {{file}} is damaged:',
  traces_imported: 'Imported {{runs}}; skipped {{skipped}} already in the trace store.',
  traces_exporter_skipped_one:
    'The bundle names {{count}} run its exporting store could not read, so it is not in the bundle: {{ids}}. Repair that store (lens traces check) and export again to have it.',
  traces_exporter_skipped_other:
    'The bundle names {{count}} runs its exporting store could not read, so they are not in the bundle: {{ids}}. Repair that store (lens traces check) and export again to have them.',
  traces_exporter_ids_more: '{{ids}} and {{more}} more',
  traces_import_differing_one:
    "Of those, {{count}} run is stored here with other content than the bundle's copy: {{ids}}. The stored run was kept and the bundle's was not imported; compare them (lens traces show <id>) before deciding which to keep.",
  traces_import_differing_other:
    "Of those, {{count}} runs are stored here with other content than the bundle's copies: {{ids}}. The stored runs were kept and the bundle's were not imported; compare them (lens traces show <id>) before deciding which to keep.",
  traces_exporter_unlisted:
    'Its exporting store could not even list some runs, so the bundle cannot say which or how many; repair that store (lens traces check) and export again.',
  traces_pruned: 'Deleted {{runs}}; {{remaining}} left.',
  traces_deleted: 'Deleted {{runs}}.',
  traces_exported: 'Exported {{runs}} to {{file}}',
} as const;

export type CliMessageCode = keyof typeof en;
type Catalogue = Readonly<Record<CliMessageCode, string>>;

const ko: Catalogue = {
  hint_line: '해야 할 일: {{hint}}',
  internal_hint: 'Provenance Lens의 버그입니다. {{variable}}=1로 명령을 다시 실행해 어디서 일어났는지 확인하고 보고해 주세요.',
  electron_package_missing: 'electron 패키지가 설치되어 있지 않습니다(npm ci를 실행하세요).',
  electron_binary_missing: '여기에 Electron 실행 파일이 설치되어 있지 않습니다(이 컴퓨터에서 내려받을 수 없습니다).',
  no_display: '데스크톱 창을 열 디스플레이가 없습니다(DISPLAY가 설정되지 않음).',
  browser_instead: '{{reason}} 대신 브라우저 모드로 엽니다.',
  browser_mode_at: 'Provenance Lens(브라우저 모드): {{url}}',
  demo_started: '데모 Neo4j {{version}}을(를) {{uri}}에서 시작했습니다',
  demo_reusing: '{{uri}}에서 실행 중인 데모 Neo4j {{version}}을(를) 다시 씁니다',
  neo4j_started: 'Neo4j {{version}}(pid {{pid}})을(를) {{seconds}}초 만에 시작했습니다',
  neo4j_reusing: '실행 중인 Neo4j {{version}}(pid {{pid}})을(를) 다시 씁니다',
  plan_query_head: '쿼리 {{number}}/{{total}}: 단계 {{stage}}, {{name}}',
  plan_params_not_kept: '(이 실행의 매개변수는 보관되지 않았습니다)',
  plan_head: '플랜(쿼리 유형 {{type}}, EXPLAIN만 했으며 쿼리는 실행하지 않음):',
  plan_secret_param: '설명하지 못함: 트레이스가 {{names}}의 비밀 값을 지웠고, EXPLAIN에는 모든 매개변수가 필요합니다.',
  plan_refused: '읽기 전용 가드가 거부함 [{{rule}}]: 읽기 쿼리만 설명합니다.',
  provider_no_answer: '응답 없음',
  provider_said: '제공자의 결과 {{outcome}}(트레이스 {{trace}})',
  provider_none_configured: '(설정되지 않음)',
  provider_not_audited: '감사하지 못함: 그래프 대조 감사가 끝나지 않았습니다. 답이 깨끗하다는 뜻이 아닙니다.',
  provider_no_violations: '위반 없음: 항목 {{items}}개를 그래프와 대조함(노드 {{nodes}}개).',
  provider_violations: '위반: 그래프와 대조한 항목 {{items}}개 중 {{count}}건(노드 {{nodes}}개)',
  withheld_none: '보류됨: 센 것 없음',
  withheld_heading: '보류됨(개수만, 각 줄이 무엇을 세는지 말함):',
  marked_by: '({{who}}이(가) 표시함)',
  more_values: '{{values}} 외 {{count}}개',
  count_runs_one: '실행 {{count}}개',
  count_runs_other: '실행 {{count}}개',
  count_matching_runs_one: '일치하는 실행 {{count}}개',
  count_matching_runs_other: '일치하는 실행 {{count}}개',
  count_rows_one: '행 {{count}}개',
  count_rows_other: '행 {{count}}개',
  count_tokens_one: '토큰 {{count}}개',
  count_tokens_other: '토큰 {{count}}개',
  count_chunks_one: '청크 {{count}}개',
  count_chunks_other: '청크 {{count}}개',
  count_adrs_one: 'ADR {{count}}개',
  count_adrs_other: 'ADR {{count}}개',
  count_suggestions_one: '제안 {{count}}개',
  count_suggestions_other: '제안 {{count}}개',
  adr_export_written_one: '오래됨 표시 {{count}}개를 {{format}} 형식으로 {{file}}에 썼습니다.',
  adr_export_written_other: '오래됨 표시 {{count}}개를 {{format}} 형식으로 {{file}}에 썼습니다.',
  adr_no_status: '상태 없음',
  adr_superseded_by: '대체한 기록: {{names}}',
  adr_suggested_stale: '오래됨 제안({{kind}}, {{score}}): {{reason}}',
  adr_drift: '어긋남: 이 기록은 아직 유효한 것처럼 읽힙니다',
  adr_status_as_written: '쓰인 상태: {{status}}',
  adr_decided_on: '{{date}} 결정',
  adr_dated: '{{date}} 작성',
  adr_proposed_on: '{{date}} 제안',
  adr_freshness: '최신성 {{verdict}}',
  adr_partly: '{{name}} (일부)',
  adr_suggestion_summary: '그래프가 표시하지 않은 {{adrs}}에 {{suggestions}}. {{note}}',
  adr_text_capped_one: '참고: ADR {{count}}개의 본문을 {{cap}}자까지만 읽었으므로 그 ADR에 대한 제안이 빠졌을 수 있습니다: {{ids}}',
  adr_text_capped_other: '참고: ADR {{count}}개의 본문을 {{cap}}자까지만 읽었으므로 그 ADR들에 대한 제안이 빠졌을 수 있습니다: {{ids}}',
  adr_texts_truncated: '경고: 그래프에 한 번에 읽을 수 있는 것보다 많은 ADR 본문이 있어, 일부 ADR은 본문 없이 읽었습니다.',
  adr_none: '그래프에 ADR이 없습니다(ADR 레이블이 붙은 Document 없음).',
  adr_counts: '{{adrs}}: 최신 {{current}}, 오래됨 {{stale}}, 알 수 없음 {{unknown}}; 여기서 오래됨으로 표시한 것 {{marked}}.',
  adr_mark_hint: '오래됨으로 표시하기: lens adr mark <adr> --reason "…" [--successor <adr>]',
  adr_list_truncated: '경고: 그래프에 한 번에 읽을 수 있는 것보다 많은 ADR이 있어 목록이 잘렸습니다.',
  adr_document_gone: '그래프에 이 문서가 더 이상 없습니다.',
  adr_later_runs: '이후 실행은 이렇게 표시합니다: {{detail}}',
  adr_mark_replaced: '{{by}}이(가) {{at}}에 남긴 표시("{{reason}}")를 대신하며, 그 표시는 기록에 남습니다.',
  adr_none_marked: '아직 표시된 ADR이 없습니다.',
  adr_never_marked: '{{document}}은(는) 표시된 적이 없습니다.',
  compare_usage: 'lens compare "<text>" --as A --vs B, lens compare --runs T1 T2, lens compare --open ID 또는 lens compare --list',
  compare_through: '({{node}}을(를) 거쳐)',
  compare_denied_at: '{{node}}{{via}}에서 거부됨, {{denial}}: {{why}}',
  compare_broken_clause: '깨진 조건: {{rule}}',
  compare_not_judged: '판정하지 않음: 요청이 누구로도 실행되기 전에 거부되었습니다',
  compare_not_in_graph: '{{node}}이(가) 그래프에 없어 범위 안에 있음을 보일 수 없습니다',
  compare_leaks_unknown: '유출 여부를 알 수 없습니다. 유출이 없다는 뜻이 아닙니다.',
  compare_no_leaks: '유출 없음: 두 실행의 모든 항목을 그래프와 대조했습니다(노드 {{nodes}}개).',
  compare_leaks: '유출: 볼 수 없는 주체에게 반환된 항목이 사용한 노드 {{count}}개',
  compare_not_compared_both:
    '비교하지 않음: A의 실행은 {{outcome_a}}(으)로, B의 실행은 {{outcome_b}}(으)로 끝나 어느 쪽에도 나란히 놓을 답이 없습니다.',
  compare_not_compared_one:
    '비교하지 않음: {{side}}의 실행이 {{outcome}}(으)로 끝나 {{other}}의 답과 나란히 놓을 답이 없습니다. 아래 항목은 {{other}}이(가) 반환한 것이지, 다른 쪽이 막힌 것이 아닙니다.',
  compare_none_kept: '보관된 비교가 아직 없습니다.',
  compare_leak_check_failed: '유출 검사 실패',
  compare_leaks_unknown_unanswered: '유출 여부 알 수 없음({{sides}} 응답 없음)',
  compare_csv_side_unanswered: '{{side}}의 실행이 {{outcome}}(으)로 끝나 응답이 없음',
  compare_csv_leaks_unknown:
    '비교 {{id}}의 CSV를 쓰지 않았습니다: 유출 여부를 알 수 없어({{why}}) 머리글만 있는 CSV는 유출이 없다는 뜻으로 읽힙니다. 시간 제한을 늘려 다시 비교하거나 lens compare --open {{id}}로 확인하세요.',
  connect_source_demo: '로컬 데모 서버',
  connect_source_env: 'NEO4J_URI에서',
  connect_read_only: '읽기 전용: 세션 {{mode}}, 클라이언트 가드 {{guard}}, 계정 쓰기 가능: {{can_write}}',
  connect_roles_not_listed: '나열되지 않음',
  connect_graph: '그래프: 노드 {{nodes}}개, 관계 {{relationships}}개',
  connect_embedder: '그래프에 기록된 임베더: {{embedder}}({{kind}}, {{dimensions}}차원)',
  connect_profile_fits: '스키마 프로필 "{{profile}}": 그래프와 맞습니다.',
  connect_profile_differs: '스키마 프로필 "{{profile}}": 차이 {{count}}개',
  connect_supports: '이 그래프가 지원하는 것:',
  connect_notes_folded: '(메모 {{count}}개를 위 줄에 묶었습니다. --verbose로 하나씩 볼 수 있습니다.)',
  embed_kind_lexical: '의미가 아니라 단어와 철자를 맞춥니다',
  embed_kind_semantic: '모델의 임베딩',
  embed_no_signal: '이 텍스트에는 임베더가 쓸 수 있는 단어가 없어 벡터 검색이 아무 신호도 얻지 못합니다.',
  explain_head: '왜 아닌가? 실행 {{trace}} · {{principal}}(으)로 · {{mode}} · {{outcome}} · "{{text}}"',
  explain_document: '문서 {{document}}{{title}}: {{chunks}}',
  explain_first_explained: '(처음 {{count}}개를 설명함)',
  explain_chunk: '문서 {{document}}{{title}}의 청크 {{chunk}}',
  explain_no_chunks: '이 문서에는 청크가 없어 어떤 검색도 이 문서를 반환할 수 없습니다.',
  explain_read_at: '접근과 필터는 {{read_at}}에 읽은 그래프로 판정했습니다.',
  principals_override_mark: '! 로컬 사본이 그래프의 주체를 대신함',
  principals_imported_one: '{{file}}에서 주체 {{count}}개를 가져왔습니다.',
  principals_imported_other: '{{file}}에서 주체 {{count}}개를 가져왔습니다.',
  principals_none: '주체 없음: 로컬 목록이 비어 있고 그래프에 Principal 노드가 없습니다.',
  principals_unreadable_note:
    '목록에 없고 실행할 주체로 쓸 수도 없음: 그래프의 Principal 노드 {{count}}개를 주체로 읽을 수 없습니다(나머지는 목록에 있습니다):',
  principals_override_note: '{{ids}}: 같은 id의 그래프 주체 대신 로컬 사본을 씁니다. `lens principals remove ID`로 로컬 사본을 지웁니다.',
  principals_removed:
    '로컬 주체 {{principal}}({{source}})을(를) 지웠습니다. 이제 {{principal}}(으)로 하는 실행은 그래프에 그 id의 주체가 있으면 그것을 씁니다.',
  query_access_not_recorded: '이 실행에는 기록되지 않음',
  title_cut: '{{text}}… ({{length}}자, --json으로 전체를 볼 수 있음)',
  query_kind_lexical: '의미가 아니라 단어를 맞춤',
  span_unknown: '범위 알 수 없음 (그래프에 문자 위치가 없음)',
  version_none: '버전 없음',
  title_held_as_list: '그래프에서 제목이 목록임',
  title_held_as_number: '그래프에서 제목이 숫자임',
  query_lacking_provenance: '출처가 없는 행(항목으로 표시하지 않음): {{count}}',
  synth_skipped: '{{target}}에 이미 이 합성 그래프가 있습니다(플랜 {{plan}}). 아무것도 쓰지 않았습니다',
  synth_time: '시간: 생성 {{generate}}, 플랜 해시 {{hash}}, 임베딩과 인덱스를 포함한 쓰기 {{write}}',
  synth_reach_head: '주체(기본 접근 규칙에서 닿는 범위):',
  synth_reach: '{{principal}} 문서 {{documents}}개의 청크 {{chunks}}개  (목표 {{target}}, 선택도 {{selectivity}})',
  traces_none_match: '이 필터에 맞는 실행이 없습니다.',
  traces_none: '기록된 실행이 아직 없습니다.',
  traces_none_on_page: '이 페이지에는 실행이 없습니다({{runs}}가 일치함, --offset을 낮추세요).',
  traces_showing: '{{runs}} 중 {{shown}}개를 보여 줍니다. 필터를 좁히거나 --limit을 높이세요.',
  traces_local_copy: '그 id의 그래프 주체를 대신하는 로컬 사본',
  traces_lacking_provenance: '{{rows}}에 출처가 없어 출처 있는 것으로 넘기지 않았습니다.',
  traces_row_cap: '(행 상한에서 잘림)',
  traces_replay_of: '{{trace}}의 재실행',
  traces_at_stage: '{{stage}} 단계에서',
  traces_answerable: '답할 수 있음',
  traces_not_answerable: '답할 수 없음',
  traces_budget: '예산: 토큰 {{max}}개 중 {{used}}개; {{timeout}} 중 {{elapsed}}',
  traces_runs_not_listed: '(목록에 없는 실행)',
  traces_skipped: '트레이스 저장소가 읽지 못한 {{runs}}를 건너뛰었습니다:',
  traces_store_sound: '트레이스 저장소 {{file}}은(는) 온전합니다({{elapsed}} 동안 검사).',
  traces_store_damaged: '트레이스 저장소 {{file}}이(가) 손상되었습니다:',
  traces_imported: '{{runs}}를 가져왔습니다. 이미 트레이스 저장소에 있는 {{skipped}}개는 건너뛰었습니다.',
  traces_exporter_skipped_one:
    '번들에는 내보낸 저장소가 읽지 못해 번들에 들어 있지 않은 실행 {{count}}건이 적혀 있습니다: {{ids}}. 그 저장소를 복구(lens traces check)한 뒤 다시 내보내야 가져올 수 있습니다.',
  traces_exporter_skipped_other:
    '번들에는 내보낸 저장소가 읽지 못해 번들에 들어 있지 않은 실행 {{count}}건이 적혀 있습니다: {{ids}}. 그 저장소를 복구(lens traces check)한 뒤 다시 내보내야 가져올 수 있습니다.',
  traces_exporter_ids_more: '{{ids}} 외 {{more}}건',
  traces_import_differing_one:
    '그중 {{count}}건은 번들의 사본과 내용이 다른 실행이 이미 저장되어 있습니다: {{ids}}. 저장된 실행을 그대로 두고 번들의 실행은 가져오지 않았습니다. 어느 쪽을 둘지 정하기 전에 비교하세요(lens traces show <id>).',
  traces_import_differing_other:
    '그중 {{count}}건은 번들의 사본과 내용이 다른 실행이 이미 저장되어 있습니다: {{ids}}. 저장된 실행을 그대로 두고 번들의 실행은 가져오지 않았습니다. 어느 쪽을 둘지 정하기 전에 비교하세요(lens traces show <id>).',
  traces_exporter_unlisted:
    '내보낸 저장소가 일부 실행은 목록조차 읽지 못해, 번들은 어떤 실행이 몇 건인지 알려 줄 수 없습니다. 그 저장소를 복구(lens traces check)한 뒤 다시 내보내세요.',
  traces_pruned: '{{runs}}를 지웠습니다. {{remaining}}개가 남았습니다.',
  traces_deleted: '{{runs}}를 지웠습니다.',
  traces_exported: '{{runs}}를 {{file}}(으)로 내보냈습니다',
};

/** The catalogue in every language of the UI; the CLI words it in English. */
export const CLI_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = { en, ko };

/** A message of this catalogue as a core message (namespace `cli`). */
export const cliMessage = messageBuilder<'cli', CliMessageCode>('cli');

/** One line of the CLI in English, from its code and parameters. */
export function wordCliMessage(code: CliMessageCode, params: CoreParams = {}): string {
  return wordCoreMessage(cliMessage(code, params), { cli: CLI_MESSAGES }) ?? en[code];
}

/** The stems of the sentences that agree with a count: each has a `_one` and an `_other` code. */
type CountedStem = {
  [Code in CliMessageCode]: Code extends `${infer Stem}_one` ? (`${Stem}_other` extends CliMessageCode ? Stem : never) : never;
}[CliMessageCode];

/** The `_one` or `_other` message of a sentence that agrees with `count`, which it is given as `{{count}}`. */
function countedCliMessage(stem: CountedStem, count: number, params: CoreParams = {}): CoreMessage {
  return cliMessage(`${stem}_${count === 1 ? 'one' : 'other'}`, { ...params, count });
}

/** The sentence of `stem` that agrees with `count`, in English. */
export function wordCounted(stem: CountedStem, count: number, params: CoreParams = {}): string {
  const message = countedCliMessage(stem, count, params);
  return wordCoreMessage(message, { cli: CLI_MESSAGES }) ?? '';
}
