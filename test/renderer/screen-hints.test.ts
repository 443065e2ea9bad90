import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBox } from '../../renderer/app/error-box';
import { OutcomeBanner } from '../../renderer/screens/workbench/OutcomeBanner';
import { initI18n } from '../../renderer/shell/i18n';
import { codedError } from '../../shared/coded-error';
import type { ContextResponse } from '../../shared/context-contract';
import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage } from '../../shared/core-message';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { serverError } from '../../shared/errors/server-error-messages';
import { connectReportMessage } from '../../shared/connect-report-messages';
import { ReadOnlyStatus } from '../../renderer/screens/connect/ReadOnlyStatus';
import { LensError, type LensErrorData } from '../../shared/lens-error';
import { buildRunRecord } from '../support/run-record-factory';

// Seen in browser mode: Run again after loading another folder (its reader replaced default-reader)
// said "`lens principals list` shows the known principals; `lens principals import FILE` adds some."
// inside the Workbench, whose own principal list is right above.
function unknownPrincipalRun(): ContextResponse {
  const said: CoreMessage = {
    code: 'outcome:error_hint',
    params: {
      message: [retrievalError('unknown_principal', { principal: 'default-reader', label: 'Principal' })],
      hint: [retrievalError('unknown_principal_hint')],
    },
  };
  const { response } = buildRunRecord({ principal: { principal_id: 'default-reader' }, outcome: 'invalid_request', itemCount: 0 });
  return { ...response, message: coreEnglish(said), message_code: said.code, message_params: said.params ?? {} };
}

// An error as the screen gets it: over the wire, rebuilt with its codes.
const overTheWire = (error: LensError) => LensError.fromData(JSON.parse(JSON.stringify(error.toData())) as LensErrorData);

describe('hints on the app’s screens name what the screen offers, not a CLI command', () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('en');
  });

  it('an unknown principal: pick one from the screen’s list, in English and Korean; the contract keeps the command', async () => {
    await i18n.changeLanguage('en');
    const english = renderToStaticMarkup(createElement(OutcomeBanner, { response: unknownPrincipalRun() }));
    expect(english).toContain('Unknown principal');
    expect(english).toContain('Pick one from the list of principals on this screen');
    expect(english).not.toContain('lens principals');
    await i18n.changeLanguage('ko');
    const korean = renderToStaticMarkup(createElement(OutcomeBanner, { response: unknownPrincipalRun() }));
    expect(korean).toContain('이 화면의 주체 목록에서 고르세요');
    expect(korean).not.toContain('lens principals');
    await i18n.changeLanguage('en');
    // The contract's sentence (what agents and the CLI read) keeps the command.
    expect(unknownPrincipalRun().message).toContain('`lens principals list` shows the known principals');
  });

  it('an ADR gone from the graph, and a successor loop: the Stale ADRs screen’s own controls; the CLI keeps the command', async () => {
    await i18n.changeLanguage('en');
    const gone = codedError('not_found', retrievalError('adr_gone', { document: 'adr-0028' }), { hint: retrievalError('adr_gone_hint') });
    const loop = codedError(
      'invalid_input',
      retrievalError('adr_successor_loop', { successor: 'adr-0038', document: 'adr-0028', chain: 'adr-0038 → adr-0028' }),
      { hint: retrievalError('adr_successor_loop_hint', { successor: 'adr-0038', marked: 'adr-0038', first: 'adr-0038' }) },
    );
    const html = [gone, loop].map((error) => renderToStaticMarkup(createElement(ErrorBox, { error: overTheWire(error) }))).join('\n');
    expect(html).toContain('Refresh the list: it shows the ADRs the graph holds now.');
    expect(html).toContain('unmark it first (Unmark… on its card)');
    expect(html).not.toContain('lens adr');
    expect(gone.hint).toBe('`lens adr list` lists the ADRs the graph holds.');
  });

  it('a Neo4j that does not answer: the Connect screen, in English and Korean; the CLI keeps the command', async () => {
    const down = codedError('unavailable', serverError('unreachable', { uri: 'bolt://127.0.0.1:7792', about: '' }), {
      hint: serverError('unreachable_hint'),
    });
    await i18n.changeLanguage('en');
    const english = renderToStaticMarkup(createElement(ErrorBox, { error: overTheWire(down) }));
    expect(english).toContain('on the Connect screen, start the demo database if it stopped');
    expect(english).not.toContain('lens neo4j');
    await i18n.changeLanguage('ko');
    const korean = renderToStaticMarkup(createElement(ErrorBox, { error: overTheWire(down) }));
    expect(korean).toContain('연결 화면에서 데모 데이터베이스가 멈췄다면 시작하고');
    expect(korean).not.toContain('lens neo4j');
    await i18n.changeLanguage('en');
    expect(down.hint).toContain('`lens neo4j status`');
  });

  it('no Neo4j, and an empty database: the Connect screen’s own panel; the CLI keeps the commands', async () => {
    await i18n.changeLanguage('en');
    const none = codedError('unavailable', serverError('no_neo4j'), { hint: serverError('no_neo4j_hint') });
    const boxed = renderToStaticMarkup(createElement(ErrorBox, { error: overTheWire(none) }));
    expect(boxed).toContain('On the Connect screen, start the demo database, or connect to your own Neo4j.');
    expect(boxed).not.toContain('lens ');
    expect(none.hint).toContain('`lens neo4j start`');
    const empty = connectReportMessage('warn_empty');
    const status = (language: string) =>
      i18n.changeLanguage(language).then(() =>
        renderToStaticMarkup(
          createElement(ReadOnlyStatus, {
            readOnly: { session_access_mode: 'READ', client_guard: true, account_can_write: false, basis: 'x' },
            warnings: [coreEnglish(empty)],
            warningMessages: [{ code: empty.code, params: empty.params ?? {} }],
          }),
        ),
      );
    const english = await status('en');
    expect(english).toContain('use the Demo database panel on this screen');
    expect(english).not.toContain('lens demo load');
    expect(await status('ko')).toContain('이 화면의 데모 데이터베이스 패널에서');
    await i18n.changeLanguage('en');
    expect(coreEnglish(empty)).toContain('`lens demo load`');
  });
});
