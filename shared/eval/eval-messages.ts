import { messageBuilder } from '../core-message';

/**
 * Every sentence of an evaluation as a message code with parameters, worded in English by the CLI
 * and in the UI's language by the Evaluations screen (i18next's `{{name}}` placeholders, as the other
 * catalogues). Figures are shown as figures, so no sentence needs a plural form.
 */

export const EVAL_MESSAGE_CODES = [
  'set_unreadable',
  'set_syntax',
  'set_field',
  'set_alias_cycle',
  'set_too_deep',
  'set_too_large',
  'set_empty',
  'set_unknown_principal',
  'progress',
  'stopped',
  'stopping',
  'stop_failed',
  'summary',
  'mode_line',
  'violation_line',
  'expected_document_not_visible',
  'expected_chunk_not_visible',
  'expected_document_not_in_graph',
  'expected_chunk_not_in_graph',
  'reason_expected_document_not_visible',
  'reason_expected_chunk_not_visible',
  'reason_expected_document_not_in_graph',
  'reason_expected_chunk_not_in_graph',
  'forbidden_document_not_in_graph',
  'forbidden_chunk_not_in_graph',
  'reason_forbidden_document_not_in_graph',
  'reason_forbidden_chunk_not_in_graph',
  'unchecked_expected_document',
  'unchecked_expected_chunk',
  'unchecked_forbidden_document',
  'unchecked_forbidden_chunk',
  'reason_unchecked_expected_document',
  'reason_unchecked_expected_chunk',
  'reason_unchecked_forbidden_document',
  'reason_unchecked_forbidden_chunk',
  'unchecked_reason_timeout',
  'unchecked_reason_unavailable',
  'unchecked_reason_failed',
  'finding_with_suggestion',
  'suggestion_loaded_as',
  'failed_line',
  'regression_line',
  'compare_summary',
  'status_passed',
  'status_violation',
  'status_failed',
  'more_lines',
  'strict_findings',
] as const;
export type EvalMessageCode = (typeof EVAL_MESSAGE_CODES)[number];

type Catalogue = Readonly<Record<EvalMessageCode, string>>;

/** The catalogue in every language of the UI; the CLI words it in English. */
export const EVAL_MESSAGES: Readonly<Record<'en' | 'ko', Catalogue>> = {
  en: {
    set_unreadable: 'cannot read the golden set {{file}}: {{reason}}',
    set_syntax: '{{file}}{{at}}: not valid {{format}}: {{reason}}',
    set_field: '{{file}}{{at}} {{path}}: {{problem}}',
    set_alias_cycle:
      '{{file}}{{at}}: the alias *{{alias}} sits inside the very node its anchor &{{alias}} names, so the value never ends ({{cycle}}); point the alias at a node outside it, or write the value out',
    set_too_deep:
      '{{file}}{{at}}: maps and lists nest more than {{max}} levels deep here; a golden set needs a few, so write the value flatter',
    set_too_large:
      '{{file}} is {{size_kb}} KB, more than the {{max_kb}} KB a golden set may hold (what one request to the app carries), so it was not read; split its questions into smaller sets and evaluate each',
    set_empty:
      '{{file}} holds no golden set: it is empty or only comments; write a name and, under questions:, at least one question with its id, question, principal and expected (resources/eval/demo-golden-set.yaml shows a whole set)',
    set_unknown_principal:
      '{{file}}{{at}} {{path}}: there is no principal {{principal}} in the local list or the graph; `lens principals list` shows the principals',
    progress: 'evaluating: {{done}}/{{total}} runs, {{failed}} failed',
    stopped: 'The evaluation was stopped as asked, after {{done}} of {{total}} runs; no report was stored (run it again for one)',
    stopping: 'Stopping the evaluation… (Ctrl+C again to quit at once)',
    stop_failed: 'the evaluation could not be stopped: {{reason}}',
    summary:
      '{{name}}: {{questions}} questions × {{modes}} modes = {{runs}} runs, {{passed}} passed, {{violations}} handed over a forbidden item, {{failed}} failed ({{seconds}} s)',
    mode_line:
      '{{mode}}: recall@{{k}} {{recall}}, precision@{{k}} {{precision}}, MRR {{mrr}}, nDCG@{{k}} {{ndcg}}; latency p50 {{p50}} ms, p95 {{p95}} ms; {{violations}} leaks, {{failed}} failed',
    violation_line: 'LEAK {{question}} ({{principal}}, {{mode}}): handed over {{level}} {{id}} at rank {{rank}} (trace {{trace}})',
    expected_document_not_visible:
      'UNMEETABLE {{question}} ({{principal}}): {{principal}} may not see the expected document {{id}}, so no run as {{principal}} can hand it over and its recall cannot reach 1; expect it of a principal who may see it, or list it under must_not_appear (`lens explain {{trace}} --document {{id}}` names the rule it fails)',
    expected_chunk_not_visible:
      'UNMEETABLE {{question}} ({{principal}}): {{principal}} may not see the expected chunk {{id}}, so no run as {{principal}} can hand it over and its recall cannot reach 1; expect it of a principal who may see it, or list it under must_not_appear (`lens explain {{trace}} --chunk {{id}}` names the rule it fails)',
    expected_document_not_in_graph:
      'UNMEETABLE {{question}} ({{principal}}): the expected document {{id}} is not in the graph, so no run can hand it over; correct its id or take it out of expected',
    expected_chunk_not_in_graph:
      'UNMEETABLE {{question}} ({{principal}}): the expected chunk {{id}} is not in the graph, so no run can hand it over; correct its id or take it out of expected',
    reason_expected_document_not_visible:
      '{{principal}} may not see the expected document {{id}} (no chunk of it passes the access policy), so no run as {{principal}} can hand it over and its recall cannot reach 1. Expect it of a principal who may see it, or list it under must_not_appear.',
    reason_expected_chunk_not_visible:
      '{{principal}} may not see the expected chunk {{id}} (it does not pass the access policy), so no run as {{principal}} can hand it over and its recall cannot reach 1. Expect it of a principal who may see it, or list it under must_not_appear.',
    reason_expected_document_not_in_graph:
      'The expected document {{id}} is not in the graph, so no run can hand it over. Correct its id or take it out of expected.',
    reason_expected_chunk_not_in_graph:
      'The expected chunk {{id}} is not in the graph, so no run can hand it over. Correct its id or take it out of expected.',
    forbidden_document_not_in_graph:
      'UNGUARDED {{question}} ({{principal}}): must_not_appear names the document {{id}}, which is not in the graph, so no run can hand it over and this check can never fail: it guards nothing; correct its id',
    forbidden_chunk_not_in_graph:
      'UNGUARDED {{question}} ({{principal}}): must_not_appear names the chunk {{id}}, which is not in the graph, so no run can hand it over and this check can never fail: it guards nothing; correct its id',
    reason_forbidden_document_not_in_graph:
      'must_not_appear names the document {{id}}, which is not in the graph: no run can hand it over, so the check can never fail and guards nothing. Correct its id.',
    reason_forbidden_chunk_not_in_graph:
      'must_not_appear names the chunk {{id}}, which is not in the graph: no run can hand it over, so the check can never fail and guards nothing. Correct its id.',
    unchecked_expected_document:
      'UNCHECKED {{question}} ({{principal}}): whether the expected document {{id}} can be handed over to {{principal}} could not be checked ({{reason}}), so an UNMEETABLE line for it may be missing; evaluate again when the graph answers',
    unchecked_expected_chunk:
      'UNCHECKED {{question}} ({{principal}}): whether the expected chunk {{id}} can be handed over to {{principal}} could not be checked ({{reason}}), so an UNMEETABLE line for it may be missing; evaluate again when the graph answers',
    unchecked_forbidden_document:
      'UNCHECKED {{question}} ({{principal}}): whether the graph holds the document {{id}} that must_not_appear names could not be checked ({{reason}}), so an UNGUARDED line for it may be missing; evaluate again when the graph answers',
    unchecked_forbidden_chunk:
      'UNCHECKED {{question}} ({{principal}}): whether the graph holds the chunk {{id}} that must_not_appear names could not be checked ({{reason}}), so an UNGUARDED line for it may be missing; evaluate again when the graph answers',
    reason_unchecked_expected_document:
      'Whether the expected document {{id}} can be handed over to {{principal}} could not be checked, so a finding for it may be missing. Evaluate again when the graph answers.',
    reason_unchecked_expected_chunk:
      'Whether the expected chunk {{id}} can be handed over to {{principal}} could not be checked, so a finding for it may be missing. Evaluate again when the graph answers.',
    reason_unchecked_forbidden_document:
      'Whether the graph holds the document {{id}} that must_not_appear names could not be checked, so a finding for it may be missing. Evaluate again when the graph answers.',
    reason_unchecked_forbidden_chunk:
      'Whether the graph holds the chunk {{id}} that must_not_appear names could not be checked, so a finding for it may be missing. Evaluate again when the graph answers.',
    unchecked_reason_timeout: 'the graph did not answer in time',
    unchecked_reason_unavailable: 'the graph could not be reached',
    unchecked_reason_failed: 'the check failed: {{kind}}',
    finding_with_suggestion: '{{line}}. {{suggestion}}',
    suggestion_loaded_as: '{{id}} is the source of document {{suggestion}}: write that id.',
    failed_line: 'FAILED {{question}} ({{principal}}, {{mode}}): {{reason}}',
    regression_line: 'REGRESSION {{question}} ({{mode_a}} → {{mode_b}}): {{what}}',
    compare_summary: 'compared {{a}} with {{b}}: {{pairs}} questions paired, {{regressions}} regressions beyond {{tolerance}}',
    status_passed: 'passed',
    status_violation: 'leak',
    status_failed: 'failed',
    more_lines: '… and {{more}} more (the JSON report lists every run)',
    strict_findings:
      'STRICT: {{findings}} of the lines above (expectations no run can meet, checks that guard nothing, checks that could not be made) fail this evaluation under --strict (exit 4); correct the set, or evaluate again when the graph answers',
  },
  ko: {
    set_unreadable: '골든 세트 {{file}}을(를) 읽을 수 없습니다: {{reason}}',
    set_syntax: '{{file}}{{at}}: 올바른 {{format}}이(가) 아닙니다: {{reason}}',
    set_field: '{{file}}{{at}} {{path}}: {{problem}}',
    set_alias_cycle:
      '{{file}}{{at}}: 별칭 *{{alias}}이(가) 자기 앵커 &{{alias}}이(가) 가리키는 노드 안에 있어 값이 끝나지 않습니다({{cycle}}). 별칭이 그 노드 밖을 가리키게 하거나 값을 그대로 적으세요',
    set_too_deep:
      '{{file}}{{at}}: 맵과 목록이 여기서 {{max}}단계보다 깊게 중첩되어 있습니다. 골든 세트에는 몇 단계면 충분하니 값을 더 평평하게 적으세요',
    set_too_large:
      '{{file}}은(는) {{size_kb}} KB로, 골든 세트가 담을 수 있는 {{max_kb}} KB(앱에 한 번의 요청으로 보낼 수 있는 크기)보다 커서 읽지 않았습니다. 질문을 더 작은 세트 여러 개로 나누어 각각 평가하세요',
    set_empty:
      '{{file}}에 골든 세트가 없습니다: 비어 있거나 주석뿐입니다. name과, questions: 아래에 id, question, principal, expected를 갖춘 질문을 하나 이상 적으세요(resources/eval/demo-golden-set.yaml에 세트 전체의 예가 있습니다)',
    set_unknown_principal:
      '{{file}}{{at}} {{path}}: 로컬 목록이나 그래프에 주체 {{principal}}이(가) 없습니다. `lens principals list`로 주체를 확인하세요',
    progress: '평가 중: 실행 {{done}}/{{total}}, 실패 {{failed}}',
    stopped:
      '요청대로 평가를 중지했습니다. 실행 {{total}}개 중 {{done}}개를 마쳤고 보고서는 저장하지 않았습니다(보고서가 필요하면 다시 실행하세요)',
    stopping: '평가를 중지하는 중… (바로 끝내려면 Ctrl+C를 한 번 더 누르세요)',
    stop_failed: '평가를 중지할 수 없습니다: {{reason}}',
    summary:
      '{{name}}: 질문 {{questions}} × 모드 {{modes}} = 실행 {{runs}}, 통과 {{passed}}, 금지 항목 전달 {{violations}}, 실패 {{failed}} ({{seconds}}초)',
    mode_line:
      '{{mode}}: recall@{{k}} {{recall}}, precision@{{k}} {{precision}}, MRR {{mrr}}, nDCG@{{k}} {{ndcg}}; 지연 p50 {{p50}} ms, p95 {{p95}} ms; 유출 {{violations}}, 실패 {{failed}}',
    violation_line: '유출 {{question}} ({{principal}}, {{mode}}): 순위 {{rank}}에서 {{level}} {{id}} 전달 (트레이스 {{trace}})',
    expected_document_not_visible:
      '충족 불가 {{question}} ({{principal}}): {{principal}}은(는) 기대 문서 {{id}}을(를) 볼 수 없어 {{principal}}(으)로 실행하면 건넬 수 없고 recall이 1에 이를 수 없습니다. 볼 수 있는 주체에게 기대하거나 must_not_appear에 넣으세요 (`lens explain {{trace}} --document {{id}}`가 어긋난 규칙을 알려 줍니다)',
    expected_chunk_not_visible:
      '충족 불가 {{question}} ({{principal}}): {{principal}}은(는) 기대 청크 {{id}}을(를) 볼 수 없어 {{principal}}(으)로 실행하면 건넬 수 없고 recall이 1에 이를 수 없습니다. 볼 수 있는 주체에게 기대하거나 must_not_appear에 넣으세요 (`lens explain {{trace}} --chunk {{id}}`가 어긋난 규칙을 알려 줍니다)',
    expected_document_not_in_graph:
      '충족 불가 {{question}} ({{principal}}): 기대 문서 {{id}}이(가) 그래프에 없어 어떤 실행도 건넬 수 없습니다. id를 고치거나 expected에서 빼세요',
    expected_chunk_not_in_graph:
      '충족 불가 {{question}} ({{principal}}): 기대 청크 {{id}}이(가) 그래프에 없어 어떤 실행도 건넬 수 없습니다. id를 고치거나 expected에서 빼세요',
    reason_expected_document_not_visible:
      '{{principal}}은(는) 기대 문서 {{id}}을(를) 볼 수 없어(어느 청크도 접근 정책을 통과하지 못함) {{principal}}(으)로 실행하면 건넬 수 없고 recall이 1에 이를 수 없습니다. 볼 수 있는 주체에게 기대하거나 must_not_appear에 넣으세요.',
    reason_expected_chunk_not_visible:
      '{{principal}}은(는) 기대 청크 {{id}}을(를) 볼 수 없어(접근 정책을 통과하지 못함) {{principal}}(으)로 실행하면 건넬 수 없고 recall이 1에 이를 수 없습니다. 볼 수 있는 주체에게 기대하거나 must_not_appear에 넣으세요.',
    reason_expected_document_not_in_graph:
      '기대 문서 {{id}}이(가) 그래프에 없어 어떤 실행도 건넬 수 없습니다. id를 고치거나 expected에서 빼세요.',
    reason_expected_chunk_not_in_graph:
      '기대 청크 {{id}}이(가) 그래프에 없어 어떤 실행도 건넬 수 없습니다. id를 고치거나 expected에서 빼세요.',
    forbidden_document_not_in_graph:
      '보호 없음 {{question}} ({{principal}}): must_not_appear의 문서 {{id}}이(가) 그래프에 없어 어떤 실행도 건넬 수 없으므로 이 검사는 실패할 수 없고 아무것도 지키지 못합니다. id를 고치세요',
    forbidden_chunk_not_in_graph:
      '보호 없음 {{question}} ({{principal}}): must_not_appear의 청크 {{id}}이(가) 그래프에 없어 어떤 실행도 건넬 수 없으므로 이 검사는 실패할 수 없고 아무것도 지키지 못합니다. id를 고치세요',
    reason_forbidden_document_not_in_graph:
      'must_not_appear의 문서 {{id}}이(가) 그래프에 없습니다. 어떤 실행도 건넬 수 없으므로 이 검사는 실패할 수 없고 아무것도 지키지 못합니다. id를 고치세요.',
    reason_forbidden_chunk_not_in_graph:
      'must_not_appear의 청크 {{id}}이(가) 그래프에 없습니다. 어떤 실행도 건넬 수 없으므로 이 검사는 실패할 수 없고 아무것도 지키지 못합니다. id를 고치세요.',
    unchecked_expected_document:
      '확인 못 함 {{question}} ({{principal}}): 기대 문서 {{id}}을(를) {{principal}}에게 건넬 수 있는지 확인하지 못해({{reason}}) 이에 대한 충족 불가 줄이 빠졌을 수 있습니다. 그래프가 응답할 때 다시 평가하세요',
    unchecked_expected_chunk:
      '확인 못 함 {{question}} ({{principal}}): 기대 청크 {{id}}을(를) {{principal}}에게 건넬 수 있는지 확인하지 못해({{reason}}) 이에 대한 충족 불가 줄이 빠졌을 수 있습니다. 그래프가 응답할 때 다시 평가하세요',
    unchecked_forbidden_document:
      '확인 못 함 {{question}} ({{principal}}): must_not_appear가 적은 문서 {{id}}이(가) 그래프에 있는지 확인하지 못해({{reason}}) 이에 대한 보호 없음 줄이 빠졌을 수 있습니다. 그래프가 응답할 때 다시 평가하세요',
    unchecked_forbidden_chunk:
      '확인 못 함 {{question}} ({{principal}}): must_not_appear가 적은 청크 {{id}}이(가) 그래프에 있는지 확인하지 못해({{reason}}) 이에 대한 보호 없음 줄이 빠졌을 수 있습니다. 그래프가 응답할 때 다시 평가하세요',
    reason_unchecked_expected_document:
      '기대 문서 {{id}}을(를) {{principal}}에게 건넬 수 있는지 확인하지 못했으므로 이에 대한 발견 사항이 빠졌을 수 있습니다. 그래프가 응답할 때 다시 평가하세요.',
    reason_unchecked_expected_chunk:
      '기대 청크 {{id}}을(를) {{principal}}에게 건넬 수 있는지 확인하지 못했으므로 이에 대한 발견 사항이 빠졌을 수 있습니다. 그래프가 응답할 때 다시 평가하세요.',
    reason_unchecked_forbidden_document:
      'must_not_appear가 적은 문서 {{id}}이(가) 그래프에 있는지 확인하지 못했으므로 이에 대한 발견 사항이 빠졌을 수 있습니다. 그래프가 응답할 때 다시 평가하세요.',
    reason_unchecked_forbidden_chunk:
      'must_not_appear가 적은 청크 {{id}}이(가) 그래프에 있는지 확인하지 못했으므로 이에 대한 발견 사항이 빠졌을 수 있습니다. 그래프가 응답할 때 다시 평가하세요.',
    unchecked_reason_timeout: '그래프가 제시간에 응답하지 않음',
    unchecked_reason_unavailable: '그래프에 연결할 수 없음',
    unchecked_reason_failed: '확인 실패: {{kind}}',
    finding_with_suggestion: '{{line}}. {{suggestion}}',
    suggestion_loaded_as: '{{id}}은(는) 문서 {{suggestion}}의 출처입니다. 그 ID를 적으세요.',
    failed_line: '실패 {{question}} ({{principal}}, {{mode}}): {{reason}}',
    regression_line: '회귀 {{question}} ({{mode_a}} → {{mode_b}}): {{what}}',
    compare_summary: '{{a}}와(과) {{b}} 비교: 질문 {{pairs}}개 짝지음, 허용치 {{tolerance}}를 넘은 회귀 {{regressions}}건',
    status_passed: '통과',
    status_violation: '유출',
    status_failed: '실패',
    more_lines: '… 외 {{more}}개 더 (JSON 보고서에 모든 실행이 있습니다)',
    strict_findings:
      'STRICT: 위 줄 중 {{findings}}개(어떤 실행도 충족할 수 없는 기대, 아무것도 지키지 못하는 검사, 확인하지 못한 검사)가 --strict에서 이 평가를 실패로 만듭니다(종료 코드 4). 세트를 고치거나 그래프가 응답할 때 다시 평가하세요',
  },
};

/** A message of this catalogue as a core message (namespace `evalmsg`, as the renderer registers it), for errors worded in the UI's language. */
export const evalMessage = messageBuilder<'evalmsg', EvalMessageCode>('evalmsg');

/** Words a message in English, as the CLI does. */
export function wordEvalMessage(code: EvalMessageCode, params: Readonly<Record<string, string | number>> = {}): string {
  return EVAL_MESSAGES.en[code].replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => String(params[name] ?? ''));
}
