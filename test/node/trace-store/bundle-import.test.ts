import { describe, expect, it } from 'vitest';
import { wordCore } from '../../../shared/core-catalogues';
import { parseBundleText } from '../../../electron/trace-store/bundle-import';
import { MAX_RUN_VALUE_DEPTH } from '../../../electron/trace-store/run-rows';
import { buildRunRecord } from '../../support/run-record-factory';
import { errorOf } from '../../support/lens-error-of';
import { useTempStores, withRawDatabase } from '../../support/temp-trace-stores';

/** A bundle holding `runs` as they are. */
const bundleOf = (runs: unknown[]) => ({ format: 'provenance-lens-traces', version: 1, exported_at: new Date().toISOString(), runs });

describe('importing a trace bundle run by run (the Traces screen)', () => {
  const temp = useTempStores();
  /** What each import refuses a bundle's text with: the Traces screen's, run by run, then `lens traces import`'s, whole. */
  const refusalsOf = (text: string) =>
    [() => temp.open().importBundleRuns(JSON.parse(text)), () => temp.open('c.sqlite').importBundle(JSON.parse(text))].map(errorOf);

  it('says a bundle of a version above the one this build reads was written by a newer Provenance Lens, in English and Korean', () => {
    const store = temp.open();
    for (const importing of [
      () => store.importBundleRuns({ ...bundleOf([]), version: 99 }),
      () => store.importBundle({ ...bundleOf([]), version: 99 }),
    ]) {
      const error = errorOf(importing);
      expect(error.kind).toBe('invalid_input');
      expect(error.message).toBe(
        'The trace bundle was written by a newer Provenance Lens: it is version 99, and this build reads version 1.',
      );
      expect(error.hint).toBe('Update Provenance Lens to read it, or write it again in version 1.');
      expect(wordCore(error.said!, 'ko')).toBe(
        '트레이스 번들은(는) 더 새로운 Provenance Lens가 쓴 것입니다: 버전 99이고, 이 빌드는 버전 1을(를) 읽습니다.',
      );
    }
    // A version that is no positive whole number, or a thing of another format, is left to the schema's words.
    for (const bundle of [
      { ...bundleOf([]), version: 0 },
      { ...bundleOf([]), version: 2.5 },
      { ...bundleOf([]), format: 'other', version: 99 },
    ])
      expect(errorOf(() => store.importBundleRuns(bundle)).message).not.toContain('newer');
  });

  it('refuses a run with a negative duration or count on either import, naming the run and the field, in English and Korean', () => {
    const good = buildRunRecord();
    const late = buildRunRecord();
    const slow = buildRunRecord();
    const bundle = bundleOf([good, { ...late, elapsed_ms: -5 }, { ...slow, queries: [{ ...slow.queries[0]!, duration_ms: -1 }] }]);
    const store = temp.open();
    const result = store.importBundleRuns(JSON.parse(JSON.stringify(bundle)));
    expect(result.imported_ids).toEqual([good.trace_id]);
    expect(result.refused).toEqual([
      expect.objectContaining({
        position: 2,
        trace_id: late.trace_id,
        problem: `Run ${late.trace_id}: elapsed_ms is -5, but a duration or count is never negative.`,
        problem_code: 'error_store:figure_negative',
      }),
      expect.objectContaining({ position: 3, trace_id: slow.trace_id, problem: expect.stringContaining('queries[0].duration_ms is -1') }),
    ]);
    const korean = wordCore({ code: result.refused[0]!.problem_code!, params: result.refused[0]!.problem_params }, 'ko');
    expect(korean).toBe(`실행 ${late.trace_id}: elapsed_ms이(가) -5인데, 시간이나 개수는 음수일 수 없습니다.`);
    // lens traces import: the whole bundle is refused, naming the run by its place and trace id.
    const whole = errorOf(() => temp.open('c.sqlite').importBundle(JSON.parse(JSON.stringify(bundle))));
    expect([whole.kind, whole.message]).toEqual([
      'invalid_input',
      `Run ${late.trace_id}: runs[1].elapsed_ms is -5, but a duration or count is never negative.`,
    ]);
  });

  it('refuses a run dated later than tomorrow on either import, naming the date and now, and keeps one a few hours ahead', () => {
    const good = buildRunRecord();
    const ahead = buildRunRecord({ createdAt: new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString() });
    const future = buildRunRecord({ createdAt: '2999-01-01T00:00:00Z' });
    const bundle = bundleOf([good, ahead, future]);
    const store = temp.open();
    const result = store.importBundleRuns(JSON.parse(JSON.stringify(bundle)));
    expect(result.imported_ids).toEqual([good.trace_id, ahead.trace_id]);
    expect(result.refused).toEqual([
      expect.objectContaining({
        position: 3,
        trace_id: future.trace_id,
        problem: expect.stringMatching(
          new RegExp(
            `^Run ${future.trace_id}: created_at is 2999-01-01T00:00:00\\.000Z, later than now \\(\\d{4}-.+Z\\); a run is recorded as it happens`,
          ),
        ),
        problem_code: 'error_store:created_in_future',
      }),
    ]);
    const korean = wordCore({ code: result.refused[0]!.problem_code!, params: result.refused[0]!.problem_params }, 'ko');
    expect(korean).toContain(`실행 ${future.trace_id}: created_at이(가) 2999-01-01T00:00:00.000Z로, 지금(`);
    // It is not listed first, ahead of every real run, as it was.
    expect(store.listRuns({}).map((run) => run.trace_id)).not.toContain(future.trace_id);
    const whole = errorOf(() => temp.open('c.sqlite').importBundle(JSON.parse(JSON.stringify(bundle))));
    expect(whole.kind).toBe('invalid_input');
    expect(whole.message).toContain(`Run ${future.trace_id}: runs[2].created_at is 2999-01-01T00:00:00.000Z, later than now`);
    expect(whole.hint).toContain('Correct the date');
  });

  it.each([
    ['a NUL', 't-nul\u0000x', 'U+0000', 6],
    ['a right-to-left override', 't-\u202egnp.exe', 'U+202E', 3],
    ['a line break', 't-two\nlines', 'U+000A', 6],
  ])('refuses a run whose trace id holds %s on either import, naming the character and its place', (_, traceId, char, position) => {
    const good = buildRunRecord();
    const bad = buildRunRecord({ traceId });
    const bundle = JSON.parse(JSON.stringify(bundleOf([good, bad]))) as unknown;
    const result = temp.open().importBundleRuns(bundle);
    expect(result.imported_ids).toEqual([good.trace_id]);
    expect(result.refused).toEqual([
      expect.objectContaining({
        position: 2,
        problem: `trace_id holds ${char} at character ${position}: a trace id is one line of visible text, and a run with this one could not be told apart from others or opened and deleted by typing its id.`,
        problem_code: 'error_store:trace_id_char',
      }),
    ]);
    const korean = wordCore({ code: result.refused[0]!.problem_code!, params: result.refused[0]!.problem_params }, 'ko');
    expect(korean).toContain(`trace_id의 ${position}번째 문자가 ${char}입니다`);
    const whole = errorOf(() => temp.open('c.sqlite').importBundle(JSON.parse(JSON.stringify(bundle))));
    expect(whole.message).toContain(`runs[1].trace_id holds ${char} at character ${position}`);
  });

  it('adds the good runs, counts the known ones and refuses each bad run naming its position, trace id and field', () => {
    const source = temp.open('a.sqlite');
    const known = source.recordRun(buildRunRecord({ query: 'already here' }));
    const fresh = source.recordRun(buildRunRecord({ query: 'new one' }));
    const damaged = source.recordRun(buildRunRecord({ query: 'damaged' }));
    const bundle = JSON.parse(JSON.stringify(source.exportRuns([known.trace_id, fresh.trace_id, damaged.trace_id]))) as {
      runs: { response: { items: { chunk_ids: string[] }[] } }[];
    };
    const item = bundle.runs[2]?.response.items[0];
    if (!item) throw new Error('the factory made no items');
    item.chunk_ids = [];
    const target = temp.open('b.sqlite');
    target.recordRun(known);

    const result = target.importBundleRuns(bundle);
    expect(result).toMatchObject({ imported: 1, already_present: 1, imported_ids: [fresh.trace_id] });
    expect(result.refused).toEqual([
      expect.objectContaining({ position: 3, trace_id: damaged.trace_id, field: 'response.items[0].chunk_ids' }),
    ]);
    // What is wrong, in the app's words with what to give, and as a code the Traces screen words in its language.
    const [refusal] = result.refused;
    expect(refusal?.problem).toBe('is an empty list; give at least one item');
    expect(refusal).toMatchObject({ problem_code: 'error_server:zod_empty_list_part', problem_params: {} });
    expect(target.getRun(fresh.trace_id)?.request.query).toBe('new one');
    expect(target.getRun(damaged.trace_id)).toBeNull();
    expect(target.countRuns()).toBe(2);
  });

  it('keeps a run whose question the door would refuse today (over 10,000 characters, a NUL, an RTL override, half a character) as stored history, exactly as given, on either import', () => {
    // A bundle is evidence of runs made (some by builds before the door refused them): kept as given or not at all,
    // never trimmed or cleaned; a replay of one goes through the door again and is refused there, naming the problem.
    const questions = ['settlement '.repeat(1000), 'salary\u0000 review', 'pay \u202Egnp.exe', 'pay \ud800 review'];
    const runs = questions.map((query) => buildRunRecord({ query }));
    const text = JSON.stringify(bundleOf(runs));
    const byRun = temp.open();
    expect(byRun.importBundleRuns(JSON.parse(text))).toMatchObject({ imported: 4, refused: [] });
    const whole = temp.open('whole.sqlite');
    whole.importBundle(JSON.parse(text));
    for (const store of [byRun, whole]) expect(runs.map((run) => store.getRun(run.trace_id)?.request.query)).toEqual(questions);
  });

  it('refuses a run whose request names another trace id, on either import, in English and Korean', () => {
    const good = buildRunRecord();
    const own = buildRunRecord();
    const other = buildRunRecord();
    const bundle = bundleOf([
      good,
      { ...own, request: { ...own.request, trace_id: own.trace_id } },
      { ...other, request: { ...other.request, trace_id: 't-elsewhere' } },
    ]);
    const result = temp.open().importBundleRuns(JSON.parse(JSON.stringify(bundle)));
    expect(result.imported_ids).toEqual([good.trace_id, own.trace_id]);
    expect(result.refused).toEqual([
      expect.objectContaining({
        position: 3,
        trace_id: other.trace_id,
        problem: `request.trace_id is "t-elsewhere" but the run's trace_id is "${other.trace_id}": a run is asked under its own trace id.`,
        problem_code: 'error_store:request_trace_mismatch',
      }),
    ]);
    const korean = wordCore({ code: result.refused[0]!.problem_code!, params: result.refused[0]!.problem_params }, 'ko');
    expect(korean).toBe(
      `request.trace_id은(는) "t-elsewhere"인데 실행의 trace_id는 "${other.trace_id}"입니다: 실행은 그 실행의 트레이스 ID로 요청됩니다.`,
    );
    const whole = errorOf(() => temp.open('c.sqlite').importBundle(JSON.parse(JSON.stringify(bundle))));
    expect(whole.message).toContain('runs[2].request.trace_id is "t-elsewhere"');
    expect(whole.hint).toContain('set request.trace_id to the run');
  });

  it('refuses a bundle with a top-level key no bundle has, on either import, naming it, rather than drop what it holds', () => {
    const run = buildRunRecord();
    for (const extra of ['{"notes":"kept?"}', '{"skiped":[]}', '{"__proto__":{"runs":[]}}']) {
      const text = JSON.stringify(bundleOf([run])).replace(/}$/, `,${extra.slice(1)}`);
      const key = JSON.stringify(Object.keys(JSON.parse(extra) as object)[0]);
      for (const error of refusalsOf(text)) {
        expect(error.kind).toBe('invalid_input');
        expect(error.message).toBe(
          `The trace bundle has the key ${key} at its top level, which no trace bundle has (only format, version, exported_at, runs and skipped): what it holds would be dropped, so nothing was imported.`,
        );
        expect(error.hint).toContain('Remove the key');
        expect(wordCore(error.said!, 'ko')).toContain(`트레이스 번들의 맨 위 단계에 키 ${key}이(가) 있는데`);
      }
    }
    expect(temp.open().importBundleRuns(JSON.parse(JSON.stringify({ ...bundleOf([run]), skipped: [] }))).imported).toBe(1);
  });

  it('refuses a bundle whose skipped list holds an entry with a key no entry has, on either import, naming the entry and the key', () => {
    const run = buildRunRecord();
    const skipped = [
      { trace_id: 'tr-gone', reason: 'database disk image is malformed' },
      { trace_id: null, reason: 'some runs could not even be listed', detail: 'page 4120' },
    ];
    const text = JSON.stringify({ ...bundleOf([run]), skipped });
    for (const error of refusalsOf(text)) {
      expect(error.kind).toBe('invalid_input');
      expect(error.message).toBe(
        "The trace bundle's skipped[1].detail is a key no entry of skipped has (only trace_id and reason): what it holds would be dropped, so nothing was imported.",
      );
      expect(error.hint).toContain('Remove the key');
      expect(wordCore(error.said!, 'ko')).toBe(
        '트레이스 번들의 skipped[1].detail은(는) skipped 항목에 없는 키입니다(trace_id, reason뿐): 그 내용이 버려지므로 아무것도 가져오지 않았습니다.',
      );
    }
    expect(temp.open().countRuns()).toBe(0);
    // Entries as an export writes them import as before.
    expect(
      temp.open('d.sqlite').importBundleRuns(JSON.parse(JSON.stringify({ ...bundleOf([run]), skipped: skipped.slice(0, 1) }))).imported,
    ).toBe(1);
  });

  it('refuses a run whose request holds a __proto__ key, on either import, rather than store it without the key', () => {
    const good = buildRunRecord();
    const odd = buildRunRecord({ query: 'a question only this run asks' });
    const text = JSON.stringify(bundleOf([good, odd])).replace(
      `"request":{"query":${JSON.stringify(odd.request.query)}`,
      `"request":{"__proto__":{"admin":true},"query":${JSON.stringify(odd.request.query)}`,
    );
    expect(text).toContain('"__proto__"');
    const result = temp.open().importBundleRuns(JSON.parse(text));
    expect(result.imported_ids).toEqual([good.trace_id]);
    expect(result.refused).toEqual([
      expect.objectContaining({
        position: 2,
        trace_id: odd.trace_id,
        field: 'request.__proto__',
        problem: expect.stringContaining(
          'is a key JavaScript objects cannot hold as data, so it would be dropped without a word; remove it',
        ),
        problem_code: 'error_schema:request_key_proto',
      }),
    ]);
    expect(wordCore({ code: result.refused[0]!.problem_code!, params: result.refused[0]!.problem_params }, 'ko')).toContain(
      '요청에서 지우세요',
    );
    const whole = errorOf(() => temp.open('c.sqlite').importBundle(JSON.parse(text)));
    expect(whole.message).toContain('runs[1].request.__proto__');
  });

  it('refuses a run holding a key no run has in any of its parts, on either import, naming its path, and keeps every key of the request', () => {
    const good = buildRunRecord();
    const asked = buildRunRecord({ query: 'a request with a key of its own' });
    type Run = ReturnType<typeof buildRunRecord>;
    const withKey = (run: Run, add: (copy: Run) => void) => {
      const copy = JSON.parse(JSON.stringify(run)) as Run;
      add(copy);
      return copy;
    };
    // Each part of a run, with a key it does not have: it was dropped without a word, the run "imported".
    const parts: Array<[string, (copy: Run) => void]> = [
      ['notes', (copy) => Object.assign(copy, { notes: 'kept?' })],
      ['response.stages[0].comment', (copy) => Object.assign(copy.response.stages[0]!, { comment: 'slow' })],
      ['response.items[0].scroes', (copy) => Object.assign(copy.response.items[0]!, { scroes: { vector: 0.9 } })],
      ['response.items[0].span.line', (copy) => Object.assign(copy.response.items[0]!.span!, { line: 3 })],
      ['queries[0].plan', (copy) => Object.assign(copy.queries[0]!, { plan: 'NodeByLabelScan' })],
      ['principal.role', (copy) => Object.assign(copy.principal, { role: 'admin' })],
      ['response.limits["max tokens"]', (copy) => Object.assign(copy.response.limits, { 'max tokens': 5 })],
    ];
    const odd = parts.map(([, add]) => withKey(buildRunRecord(), add));
    const keptRequest = withKey(asked, (copy) => Object.assign(copy.request, { team_note: 'kept as given' }));
    const bundle = JSON.parse(JSON.stringify(bundleOf([good, ...odd, keptRequest])));
    const store = temp.open();
    const result = store.importBundleRuns(bundle);
    expect(result.imported_ids).toEqual([good.trace_id, asked.trace_id]);
    expect(result.refused.map((refused) => [refused.position, refused.field, refused.problem_code])).toEqual(
      parts.map(([field], index) => [index + 2, field, 'error_store:run_key_unknown']),
    );
    const first = result.refused[1]!;
    expect(first.problem).toBe(
      `Run ${odd[1]!.trace_id}: response.stages[0].comment is a key no run has there, so importing it would drop what the key holds.`,
    );
    expect(wordCore({ code: first.problem_code!, params: first.problem_params }, 'ko')).toBe(
      `실행 ${odd[1]!.trace_id}: response.stages[0].comment은(는) 실행의 그 자리에 없는 키라서, 가져오면 그 키의 내용이 버려집니다.`,
    );
    expect(store.getRun(asked.trace_id)?.request).toMatchObject({ team_note: 'kept as given' });
    // lens traces import: the whole bundle is refused, naming the run by its place.
    const whole = errorOf(() => temp.open('c.sqlite').importBundle(JSON.parse(JSON.stringify(bundleOf([good, odd[2]!])))));
    expect([whole.kind, whole.message]).toEqual([
      'invalid_input',
      `Run ${odd[2]!.trace_id}: runs[1].response.items[0].scroes is a key no run has there, so importing it would drop what the key holds.`,
    ]);
    expect(whole.hint).toContain('Remove the key or fix its spelling');
    expect(temp.open('d.sqlite').importBundle(JSON.parse(JSON.stringify(bundleOf([good, keptRequest]))))).toEqual({
      imported: 2,
      skipped: 0,
    });
  });

  it('refuses a run that contradicts itself, and one that is not a run at all', () => {
    const good = buildRunRecord();
    const bad = buildRunRecord();
    const store = temp.open();
    const result = store.importBundleRuns(bundleOf([good, { ...bad, outcome: 'timeout' }, 42]));
    expect(result.imported).toBe(1);
    expect(result.refused).toHaveLength(2);
    expect(result.refused[0]).toMatchObject({ position: 2, trace_id: bad.trace_id });
    expect(result.refused[0]?.problem).toContain('outcome');
    expect(result.refused[0]).toMatchObject({ problem_code: 'error_store:outcome_mismatch', problem_params: { outcome: 'timeout' } });
    expect(result.refused[1]).toMatchObject({ position: 3, trace_id: null, field: '' });
  });

  it('names the value given and the values accepted for a value no form of a union takes, on record, import and read back', () => {
    const run = buildRunRecord();
    const text2cypher = { model: 'm', cypher: null, verdict: { allowed: 'maybe' }, row_cap: 5, timings: { generate_ms: 1 } };
    const bad = { ...run, response: { ...run.response, text2cypher } };
    const store = temp.open();
    const recorded = errorOf(() => store.recordRun(bad as never));
    expect(recorded.message).toBe(
      'The run is not valid: response.text2cypher.verdict.allowed: "maybe" is not an accepted value (accepted: true, false).',
    );
    expect(wordCore(recorded.said!, 'ko')).toBe(
      '실행이(가) 올바르지 않습니다: response.text2cypher.verdict.allowed: "maybe"은(는) 받는 값이 아닙니다(받는 값: true, false).',
    );
    const { refused } = store.importBundleRuns(bundleOf([bad]));
    expect(refused).toEqual([
      expect.objectContaining({
        field: 'response.text2cypher.verdict.allowed',
        problem: '"maybe" is not an accepted value (accepted: true, false)',
        problem_code: 'error_server:zod_value_not_accepted_part',
      }),
    ]);
    // A stored run changed by hand is read back naming the value too.
    const kept = store.recordRun(run);
    withRawDatabase(temp.file(), (db) =>
      db
        .prepare('UPDATE runs SET response_json = ? WHERE trace_id = ?')
        .run(JSON.stringify({ ...kept.response, text2cypher }), kept.trace_id),
    );
    expect(errorOf(() => store.getRun(kept.trace_id)).message).toContain(
      'response.text2cypher.verdict.allowed: "maybe" is not an accepted value (accepted: true, false)',
    );
  });

  it('refuses a run with an empty trace id, which could be imported but never opened, replayed or compared', () => {
    const good = buildRunRecord();
    const store = temp.open();
    const result = store.importBundleRuns(bundleOf([good, { ...buildRunRecord(), trace_id: '' }]));
    expect(result).toMatchObject({ imported: 1, imported_ids: [good.trace_id] });
    expect(result.refused).toEqual([expect.objectContaining({ position: 2, field: 'trace_id' })]);
    expect(store.countRuns()).toBe(1);
  });

  it('counts a trace id repeated inside the bundle once as imported and once as already present', () => {
    const run = buildRunRecord();
    const store = temp.open();
    const result = store.importBundleRuns({ format: 'provenance-lens-traces', version: 1, exported_at: 'x', runs: [run, run] });
    expect(result).toMatchObject({ imported: 1, already_present: 1, refused: [] });
  });

  it('refuses a run repeating an earlier run’s trace id with other content, rather than count it as already present and drop it', () => {
    const run = buildRunRecord({ query: 'first words' });
    const other = { ...run, request: { ...run.request, query: 'other words' } };
    const bundle = bundleOf([run, run, other]);
    const store = temp.open();
    const result = store.importBundleRuns(JSON.parse(JSON.stringify(bundle)));
    expect(result).toMatchObject({ imported: 1, already_present: 1, imported_ids: [run.trace_id] });
    expect(result.refused).toEqual([
      {
        position: 3,
        trace_id: run.trace_id,
        field: 'trace_id',
        problem: `gives the trace id ${run.trace_id} of run 1 of this bundle, with other content: run 1 was imported, this one not; if this one is the right run, delete the imported one and import the bundle again without run 1`,
        problem_code: 'error_store:bundle_run_repeats_id',
        problem_params: { trace: run.trace_id, first: 1 },
      },
    ]);
    expect(wordCore({ code: result.refused[0]!.problem_code!, params: result.refused[0]!.problem_params }, 'ko')).toContain(
      '1번째 실행을 가져왔고 이 실행은 가져오지 않았습니다',
    );
    expect(store.getRun(run.trace_id)?.request.query).toBe('first words');
    // lens traces import: the whole bundle is refused, naming both runs, and nothing is imported.
    const cli = temp.open('cli.sqlite');
    const whole = errorOf(() => cli.importBundle(JSON.parse(JSON.stringify(bundle))));
    expect([whole.kind, whole.message]).toEqual([
      'invalid_input',
      `The trace bundle gives the trace id ${run.trace_id} twice, as runs 1 and 3, with other content: which of the two is the run cannot be told, so nothing was imported.`,
    ]);
    expect(whole.hint).toBe('Keep the run that is right, remove the other from the bundle, and import it again.');
    expect(cli.countRuns()).toBe(0);
  });

  it('refuses a file that is not a bundle as a whole, naming the format field, and imports nothing', () => {
    const store = temp.open();
    const error = errorOf(() => store.importBundleRuns({ runs: [buildRunRecord()] }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('format');
    expect(store.countRuns()).toBe(0);
  });

  it('names the file whose text is not JSON', () => {
    const error = errorOf(() => parseBundleText('not a bundle', 'notes.txt'));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toMatch(/^notes\.txt is not JSON/);
    // The same sentence as a code, so the Traces screen words it in Korean too (the CLI prints the English).
    expect(error.said?.code).toBe('error:bundle_not_json');
    expect(error.said?.params).toMatchObject({ file: 'notes.txt' });
  });

  it.each([
    [
      '{"format": "lens-trace-bundle",\n "runs": [',
      'run.json is not JSON: it ends at line 2, column 11 before its JSON value is complete.',
      'run.json은(는) JSON이 아닙니다: JSON 값이 다 끝나기 전에 2행 11열에서 내용이 끝납니다.',
    ],
    [
      '{"runs": [{"token": "sk-secret"}}',
      "run.json is not JSON: '}' at line 1, column 33 cannot stand there.",
      "run.json은(는) JSON이 아닙니다: 1행 33열의 '}' 문자는 그 자리에 올 수 없습니다.",
    ],
  ])('names where %j stops being JSON as codes worded in English and Korean, not the parser’s English', (text, english, korean) => {
    const error = errorOf(() => parseBundleText(text, 'run.json'));
    expect(error.message).toBe(english);
    expect(error.said && wordCore(error.said, 'ko')).toBe(korean);
    expect(error.said && wordCore(error.said, 'ko')).not.toMatch(/Unexpected|Expected|JSON at position|sk-secret/);
  });

  it('refuses a bundle that gives a key twice in one object, at any depth, naming the key and its path, in English and Korean', () => {
    const run = JSON.stringify(buildRunRecord());
    // The run's principal gives workspace_id twice: JSON.parse would keep the second without a word.
    const twice = run.replace('"workspace_id":', '"workspace_id":"ws-other","workspace_id":');
    expect(twice).not.toBe(run);
    const text = `{"format":"provenance-lens-traces","version":1,"exported_at":"x","runs":[${run},${twice}]}`;
    const error = errorOf(() => parseBundleText(text, 'run.json'));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toMatch(
      /^run\.json gives the key "workspace_id" twice in the object at runs\[1\]\.[a-z_.]+: a bundle is evidence/,
    );
    expect(error.hint).toMatch(/^Keep the value that is right, remove the other/);
    expect(error.said?.code).toBe('error:bundle_duplicate_key');
    expect(error.said && wordCore(error.said, 'ko')).toMatch(
      /^run\.json은\(는\) runs\[1\]\.[a-z_.]+의 객체에서 키 "workspace_id"을\(를\) 두 번 줍니다/,
    );
    const top = errorOf(() => parseBundleText('{"format":"provenance-lens-traces","version":1,"version":2,"runs":[]}', 'b.json'));
    expect(top.message).toMatch(/^b\.json gives the key "version" twice at its top level/);
    // The same bundle without the repeated key is read.
    expect(parseBundleText(text.replace('"workspace_id":"ws-other",', ''), 'run.json')).toMatchObject({ runs: [{}, {}] });
  });

  describe('a run nested deeper than any run the app records', () => {
    /** Arrays nested `depth` levels deep, as JSON.parse reads them from a bundle's text. */
    const nested = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));
    const deepRequest = (depth: number) => {
      const run = buildRunRecord();
      return { ...run, request: { ...run.request, note: nested(depth) } };
    };
    const deepParams = (depth: number) => {
      const run = buildRunRecord();
      const [first, ...rest] = run.queries;
      if (!first) throw new Error('the factory made no queries');
      return { ...run, queries: [{ ...first, params: { deep: nested(depth) } }, ...rest] };
    };

    it('refuses that run only, naming the field and the limit, instead of failing the whole import on a stack overflow', () => {
      const good = buildRunRecord();
      const inRequest = deepRequest(10_000);
      const inParams = deepParams(10_000);
      const store = temp.open();
      const result = store.importBundleRuns(bundleOf([good, inRequest, inParams]));
      expect(result).toMatchObject({ imported: 1, imported_ids: [good.trace_id] });
      expect(result.refused).toEqual([
        expect.objectContaining({
          position: 2,
          trace_id: inRequest.trace_id,
          problem: `request nests arrays and objects more than ${MAX_RUN_VALUE_DEPTH} levels deep, deeper than any run the app records.`,
          problem_code: 'error_store:value_too_deep',
          problem_params: { field: 'request', max: MAX_RUN_VALUE_DEPTH },
        }),
        expect.objectContaining({ position: 3, problem_params: { field: 'queries[0].params', max: MAX_RUN_VALUE_DEPTH } }),
      ]);
      expect(store.countRuns()).toBe(1);
    });

    it('keeps a run nested exactly to the limit (the request is one level of the run)', () => {
      const store = temp.open();
      const run = deepRequest(MAX_RUN_VALUE_DEPTH - 1);
      expect(store.importBundleRuns(bundleOf([run]))).toMatchObject({ imported: 1, refused: [] });
      const refused = store.importBundleRuns(bundleOf([deepRequest(MAX_RUN_VALUE_DEPTH)]));
      expect(refused.refused).toEqual([expect.objectContaining({ problem_code: 'error_store:value_too_deep' })]);
    });

    it('refuses the bundle of `lens traces import` as invalid input naming the run, imported whole or not at all', () => {
      const store = temp.open();
      const error = errorOf(() => store.importBundle(bundleOf([buildRunRecord(), deepRequest(10_000)])));
      expect(error.kind).toBe('invalid_input');
      expect(error.message).toBe(
        `runs[1].request nests arrays and objects more than ${MAX_RUN_VALUE_DEPTH} levels deep, deeper than any run the app records.`,
      );
      expect(store.countRuns()).toBe(0);
    });
  });
});

describe("an import names the runs a bundle's skipped list says its exporter left out", () => {
  const temp = useTempStores();
  const skippedOf = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ trace_id: `tr-lost-${index + 1}`, reason: 'database disk image is malformed' }));

  it('says how many and which on either import, the first ten ids then the count, and that some could not even be listed', () => {
    const run = buildRunRecord();
    const text = JSON.stringify({
      ...bundleOf([run]),
      skipped: [...skippedOf(12), { trace_id: null, reason: 'some runs could not even be listed' }],
    });
    const expected = {
      count: 12,
      trace_ids: skippedOf(10).map((entry) => entry.trace_id),
      unlisted: true,
    };
    expect(temp.open().importBundleRuns(JSON.parse(text)).exporter_skipped).toEqual(expected);
    expect(temp.open('c.sqlite').importBundle(JSON.parse(text)).exporter_skipped).toEqual(expected);
  });

  it('says nothing of it when the bundle left out no run', () => {
    const text = JSON.stringify({ ...bundleOf([buildRunRecord()]), skipped: [] });
    expect(temp.open().importBundleRuns(JSON.parse(text))).not.toHaveProperty('exporter_skipped');
    expect(temp.open('c.sqlite').importBundle(JSON.parse(text))).toEqual({ imported: 1, skipped: 0 });
  });
});

describe('an import names the runs the store holds under the same trace id with other content', () => {
  const temp = useTempStores();

  it('counts a run exported and imported again as a copy already here, on either import', () => {
    const store = temp.open('a.sqlite');
    const runs = [store.recordRun(buildRunRecord({ query: 'one' })), store.recordRun(buildRunRecord({ query: '결제 장애 조치' }))];
    const text = JSON.stringify(store.exportRuns(runs.map((run) => run.trace_id)));
    expect(store.importBundleRuns(JSON.parse(text))).toEqual({ imported: 0, already_present: 2, refused: [], imported_ids: [] });
    expect(store.importBundle(JSON.parse(text))).toEqual({ imported: 0, skipped: 2 });
  });

  it('names the runs whose stored copy differs, keeps the stored one, and says so on either import', () => {
    const store = temp.open('a.sqlite');
    const same = store.recordRun(buildRunRecord({ query: 'unchanged' }));
    const edited = store.recordRun(buildRunRecord({ query: 'as recorded' }));
    const bundle = JSON.parse(JSON.stringify(store.exportRuns([same.trace_id, edited.trace_id]))) as {
      runs: { request: { query: string } }[];
    };
    const second = bundle.runs[1];
    if (!second) throw new Error('the export lost a run');
    second.request.query = 'as edited after the export';
    const text = JSON.stringify(bundle);
    expect(store.importBundleRuns(JSON.parse(text))).toMatchObject({
      imported: 0,
      already_present: 2,
      differing: { count: 1, trace_ids: [edited.trace_id] },
    });
    expect(store.importBundle(JSON.parse(text))).toEqual({
      imported: 0,
      skipped: 2,
      differing: { count: 1, trace_ids: [edited.trace_id] },
    });
    expect(store.getRun(edited.trace_id)?.request.query).toBe('as recorded');
    // The same edited run twice in one bundle (an identical repeat) is named once, on either import.
    const twice = JSON.stringify({ ...bundle, runs: [second, second] });
    const once = { count: 1, trace_ids: [edited.trace_id] };
    expect(store.importBundleRuns(JSON.parse(twice)).differing).toEqual(once);
    expect(store.importBundle(JSON.parse(twice))).toEqual({ imported: 0, skipped: 2, differing: once });
  });
});
