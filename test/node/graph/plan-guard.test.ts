import { describe, expect, it } from 'vitest';
import {
  ALLOWED_PLAN_OPERATORS,
  checkPlan,
  operatorBaseName,
  procedureNameOf,
  type PlanOperator,
} from '../../../electron/graph/plan-guard';

const leaf = (operatorType: string, details = ''): PlanOperator => ({
  operatorType,
  arguments: details ? { Details: details } : {},
  children: [],
});
const above = (operatorType: string, ...children: PlanOperator[]): PlanOperator => ({ operatorType, arguments: {}, children });

describe('plan operator names', () => {
  it.each([
    ['Filter@neo4j', 'Filter'],
    ['Expand(All)@neo4j', 'Expand'],
    ['VarLengthExpand(Pruning,BFS,All)@neo4j', 'VarLengthExpand'],
    ['OptionalExpand(Into)', 'OptionalExpand'],
    ['NodeByLabelScan', 'NodeByLabelScan'],
  ])('reads %s as %s, dropping the runtime suffix and the mode', (given, base) => {
    expect(operatorBaseName(given)).toBe(base);
  });

  it('reads the procedure of a ProcedureCall from its details as 5.26 prints them', () => {
    expect(
      procedureNameOf(
        leaf('ProcedureCall@neo4j', 'db.index.fulltext.queryNodes($autostring_0, $autostring_1) :: (node :: NODE, score :: FLOAT)'),
      ),
    ).toBe('db.index.fulltext.queryNodes');
  });

  it('reads the procedure from a Signature argument where a release gives no details', () => {
    expect(
      procedureNameOf({ operatorType: 'ProcedureCall', arguments: { Signature: 'db.labels() :: (label :: STRING)' }, children: [] }),
    ).toBe('db.labels');
  });

  it('gives no procedure name for details it cannot read', () => {
    expect(procedureNameOf(leaf('ProcedureCall@neo4j', '`weird name`() :: ()'))).toBeNull();
  });

  it.each([
    ['9db.labels() :: (label :: STRING)', 'a name that starts with a digit'],
    ['db.labels x() :: (label :: STRING)', 'a name followed by more words'],
    ['CALL db.labels() :: (label :: STRING)', 'words before the name'],
  ])('gives no procedure name for %s (%s), so it is refused as unnamed', (details) => {
    expect(procedureNameOf(leaf('ProcedureCall@neo4j', details))).toBeNull();
  });

  it('reads a procedure name written with spaces before its parenthesis, or with no parenthesis at all', () => {
    expect(procedureNameOf(leaf('ProcedureCall@neo4j', ' db.labels () :: (label :: STRING)'))).toBe('db.labels');
    expect(procedureNameOf({ operatorType: 'ProcedureCall', arguments: { Signature: 'db.labels' }, children: [] })).toBe('db.labels');
  });

  it('reads an operator written with a space before its mode', () => {
    expect(operatorBaseName('Expand (All)@neo4j')).toBe('Expand');
  });
});

describe('checkPlan', () => {
  it('refuses a plan of any type but r as not_read_only, naming the type', () => {
    const verdict = checkPlan('rw', above('ProduceResults@neo4j', leaf('AllNodesScan@neo4j')));
    expect(verdict).toMatchObject({ allowed: false, rule: 'not_read_only', reason: expect.stringContaining("'rw'") });
  });

  it('refuses an operator it does not know as plan_operator_not_allowed, naming it', () => {
    const verdict = checkPlan('r', above('ProduceResults@neo4j', above('Filter@neo4j', leaf('BrandNewVectorSearch@neo4j'))));
    expect(verdict).toMatchObject({
      allowed: false,
      rule: 'plan_operator_not_allowed',
      reason: expect.stringContaining('BrandNewVectorSearch@neo4j'),
    });
  });

  it.each([
    ['LoadCSV@neo4j', 'load_csv'],
    ['TransactionApply@neo4j', 'call_in_transactions'],
    ['TransactionForeach@neo4j', 'call_in_transactions'],
    ['RunQueryAt@neo4j', 'use_database'],
    ['ShowTransactions@neo4j', 'admin_command'],
    ['TerminateTransactions@neo4j', 'admin_command'],
    ['SetProperty@neo4j', 'write_clause'],
    ['DetachDelete@neo4j', 'write_clause'],
  ])('refuses %s deep in the tree with the rule %s', (operatorType, rule) => {
    const plan = above('ProduceResults@neo4j', above('Apply@neo4j', leaf('Argument@neo4j'), above('Projection@neo4j', leaf(operatorType))));
    expect(checkPlan('r', plan)).toMatchObject({ allowed: false, rule });
  });

  it('refuses a ProcedureCall of a procedure outside the allowlist, naming it', () => {
    const verdict = checkPlan('r', above('ProduceResults@neo4j', leaf('ProcedureCall@neo4j', 'db.prepareForReplanning() :: ()')));
    expect(verdict).toMatchObject({
      allowed: false,
      rule: 'procedure_not_allowed',
      reason: expect.stringContaining('db.prepareForReplanning'),
    });
  });

  it('allows a ProcedureCall of an allowlisted procedure', () => {
    expect(checkPlan('r', above('ProduceResults@neo4j', leaf('ProcedureCall@neo4j', 'db.labels() :: (label :: STRING)')))).toEqual({
      allowed: true,
    });
  });

  it('refuses a read-only type with no plan to check, saying there was no plan', () => {
    expect(checkPlan('r', false)).toMatchObject({
      allowed: false,
      rule: 'plan_operator_not_allowed',
      reason: expect.stringContaining('no plan'),
    });
  });

  it('names an unknown query type as unknown', () => {
    expect(checkPlan(undefined, leaf('AllNodesScan@neo4j'))).toMatchObject({
      rule: 'not_read_only',
      reason: expect.stringContaining("type 'unknown'"),
    });
  });

  it('names a ProcedureCall whose procedure it cannot read as unnamed', () => {
    expect(checkPlan('r', leaf('ProcedureCall@neo4j', '`weird name`() :: ()'))).toMatchObject({
      rule: 'procedure_not_allowed',
      reason: expect.stringContaining('(unnamed)'),
    });
  });

  it.each([
    ['PartialSetter@neo4j', 'Set'],
    ['FutureMergeJoin@neo4j', 'Merge'],
    ['ReShowIndexes@neo4j', 'Show'],
    ['AntiTerminateApply@neo4j', 'Terminate'],
  ])('names an unknown operator %s as not allowed, not as a write or an admin command for containing %s', (operator) => {
    expect(checkPlan('r', leaf(operator))).toMatchObject({ allowed: false, rule: 'plan_operator_not_allowed' });
  });

  it('walks a plan deeper than the call stack would allow recursion to', () => {
    let plan = leaf('LoadCSV@neo4j');
    for (let depth = 0; depth < 50_000; depth += 1) plan = above('Projection@neo4j', plan);
    expect(checkPlan('r', plan)).toMatchObject({ allowed: false, rule: 'load_csv' });
  });

  it('keeps LoadCSV, batching, other databases and writes off the allowlist', () => {
    const forbidden = [
      'LoadCSV',
      'TransactionApply',
      'TransactionForeach',
      'RunQueryAt',
      'Create',
      'Merge',
      'SetProperty',
      'Delete',
      'DetachDelete',
      'Foreach',
      'ShowTransactions',
      'TerminateTransactions',
    ];
    expect(forbidden.filter((name) => ALLOWED_PLAN_OPERATORS.has(name))).toEqual([]);
  });
});
