import { describe, expect, it } from 'vitest';
import { checkPrincipalsExist } from '../../../electron/audit/suite-principals';
import type { OperationCaller } from '../../../electron/audit/operation-caller';
import type { SuiteFile } from '../../../electron/audit/suite-file';
import { rejectionOf } from '../../support/lens-error-of';
import { wordCore } from '../../../shared/core-catalogues';

const unreadable = {
  principal_id: 'u-broken',
  problem: 'The graph\'s principal "u-broken" cannot be asked as: its property acl_partitions holds [1,2], which is not a list of names.',
  problem_code: 'error_retrieval:graph_principal_list_invalid',
  problem_params: { principal: 'u-broken', property: 'acl_partitions', value: '[1,2]' },
};
const call = (async () => ({
  principals: [{ principal_id: 'u-guest' }, { principal_id: 'u-hana' }],
  unreadable: [unreadable],
})) as unknown as OperationCaller;
const suiteNaming = (principals: string[]) => ({ file: 'suite.yaml', suite: { principals }, locate: () => '' }) as unknown as SuiteFile;

describe('checkPrincipalsExist', () => {
  it('lists a dozen unknown principals and counts the rest, not one line each (red team 3, R3-13)', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => `u-ghost-${i}`);
    const error = await rejectionOf(checkPrincipalsExist(call, suiteNaming(['u-guest', ...many])));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('u-ghost-0');
    const lines = (error.detail ?? '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(12);
    expect(lines.at(-1)).toBe('… and 4988 more problems of the same file');
  });

  it('codes each unknown principal, worded in English and Korean, with the principals that exist as the hint', async () => {
    const error = await rejectionOf(checkPrincipalsExist(call, suiteNaming(['u-guest', 'u-ghost'])));
    expect(error.said?.code).toBe('error_retrieval:suite_unknown_principal');
    expect(error.message).toBe(
      'suite.yaml principals[1]: there is no principal u-ghost in the local list or the graph; `lens principals list` shows the principals',
    );
    expect(wordCore(error.said!, 'ko')).toBe(
      'suite.yaml principals[1]: 로컬 목록이나 그래프에 주체 u-ghost이(가) 없습니다. `lens principals list`로 주체를 확인하세요',
    );
  });

  it('says what is wrong with a principal the graph holds but cannot be read, rather than that there is none', async () => {
    const error = await rejectionOf(checkPrincipalsExist(call, suiteNaming(['u-guest', 'u-broken'])));
    expect(error.said?.code).toBe('error_retrieval:graph_principal_list_invalid');
    expect(error.message).toBe(unreadable.problem);
  });

  it('passes a suite whose principals all exist', async () => {
    await expect(checkPrincipalsExist(call, suiteNaming(['u-guest', 'u-hana']))).resolves.toBeUndefined();
  });
});
