// Its own module so that retrieval-run.ts, whose run carries the plan, need not import
// fulltext-retriever.ts, which makes the plan and imports the run type back.
import type { AclTermFormula } from '../../shared/acl/compile-acl-to-lucene';

/** Whether full-text search filters by ACL inside the index, and if not, why not. */
export type FulltextAclPlan =
  | { readonly inIndex: true; readonly formula: AclTermFormula; readonly field: string; readonly terms: number }
  | { readonly inIndex: false; readonly reason: string };
