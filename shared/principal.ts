import { z } from 'zod';
import { CoreParamsSchema } from './core-message';
import { schemaIssueText } from './errors/schema-issue-messages';
import { typedId, typedText } from './visible-text';

/** Who a retrieval runs as: the fields the access policy reads. */
export const Principal = z.object({
  principal_id: z.string().min(1, schemaIssueText('principal_field_id_empty')),
  workspace_id: z.string().min(1, schemaIssueText('principal_field_workspace_empty')),
  groups: z.array(z.string().min(1, schemaIssueText('principal_field_name_empty'))).default([]),
  acl_partitions: z.array(z.string().min(1, schemaIssueText('principal_field_name_empty'))).default([]),
  display_name: z.string().optional(),
  description: z.string().optional(),
  /** Where the principal came from: the local list, an imported file, the graph's Principal nodes, or the request itself. */
  source: z.enum(['local', 'import', 'graph', 'inline']).default('local'),
  /**
   * True on a local or imported principal that is used instead of the graph's principal of the same
   * id (the local copy wins): set by the principal list and in a run's principal snapshot.
   */
  overrides_graph: z.boolean().optional(),
});
export type Principal = z.infer<typeof Principal>;

/**
 * A principal as a person writes it (a principals file, a principal given inline in a request): the
 * same fields, but text that holds a control or reordering character is refused naming the field and
 * the character, not kept to be escaped on every screen later. Ids and names are one line; the
 * description may be several. The graph's principals and those a run kept are read as they are.
 */
export const TypedPrincipal = Principal.extend({
  principal_id: typedId('principal_field_id_blank').min(1, schemaIssueText('principal_field_id_empty')),
  workspace_id: typedId('principal_field_workspace_blank').min(1, schemaIssueText('principal_field_workspace_empty')),
  groups: z.array(typedId('principal_field_name_blank').min(1, schemaIssueText('principal_field_name_empty'))).default([]),
  acl_partitions: z.array(typedId('principal_field_name_blank').min(1, schemaIssueText('principal_field_name_empty'))).default([]),
  display_name: typedText('one_line').optional(),
  description: typedText('lines').optional(),
});

/**
 * A graph Principal node the access policy cannot read (a partition list of numbers, no workspace, a
 * group without a name): named with what is wrong (`problem`, the node's id, property and value) and
 * what to do (`hint`), each as English and as a message code; it is never listed to run as.
 */
export const UnreadablePrincipal = z
  .object({
    principal_id: z.string(),
    problem: z.string(),
    problem_code: z.string().optional(),
    problem_params: CoreParamsSchema.optional(),
    hint: z.string().optional(),
    hint_code: z.string().optional(),
    hint_params: CoreParamsSchema.optional(),
  })
  .strict();
export type UnreadablePrincipal = z.infer<typeof UnreadablePrincipal>;

/** The principals to run as, and the graph's Principal nodes that could not be read as one. */
export const PrincipalList = z.object({ principals: z.array(Principal), unreadable: z.array(UnreadablePrincipal) }).strict();
export type PrincipalList = z.infer<typeof PrincipalList>;
