/**
 * The ids of the query templates every installation has for `cypher` mode, in the order they are
 * offered; the templates themselves (their Cypher) are in electron/retrieval/builtin-templates.ts.
 */
export const BUILTIN_TEMPLATE_IDS = ['claims-about-service', 'chunks-containing', 'documents-by-title'] as const;
export type BuiltinTemplateId = (typeof BUILTIN_TEMPLATE_IDS)[number];
