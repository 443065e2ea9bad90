import { closestKey } from '../../shared/closest-key';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import { stageNote } from '../../shared/stage-note-messages';
import type { SavedQuery } from '../../shared/trace-record';
import { builtinTemplates, isBuiltinTemplate, templateNeeds, withAccessRule } from './builtin-templates';
import type { SchemaProfile } from '../../shared/schema-profile';
import type { RetrievalRun } from './retrieval-run';
import type { Retriever } from './retriever';
import { timedStage } from './retrieval-stages';
import { candidatesFromUntrustedRows, type UntrustedCandidates } from './untrusted-rows';

/** Finds a template: the built-in ones (in the profile's names), then the saved ones in the trace store. */
export function findTemplate(id: string, saved: readonly SavedQuery[], profile: SchemaProfile): SavedQuery | null {
  return builtinTemplates(profile).find((template) => template.id === id) ?? saved.find((template) => template.id === id) ?? null;
}

/**
 * For a built-in template that returned no row: the nodes it needs when the graph holds none of them
 * (one count-store read), so the run can say the template cannot answer on this graph; else null.
 */
async function missingNodes(run: RetrievalRun, template: SavedQuery, deadline: RetrievalRun['deadline']) {
  const needs = isBuiltinTemplate(template) ? templateNeeds(template.id, run.profile) : undefined;
  if (!needs) return null;
  const result = await run.log.read(needs.count, {}, { deadline, stage: 'cypher_template' });
  return result.rows[0]?.nodes === 0 ? { template: template.id, label: needs.label } : null;
}

/** What a template run produced: candidates, and how many rows could not be traced to a source. */
export type TemplateResult = UntrustedCandidates;

/**
 * `cypher` mode: a saved, parameterised template run through the read-only gateway (text checks and
 * the plan check first). Rows that name a `chunk_id` and a `source_uri` are looked up as chunks,
 * judged by the Cypher compilation of the policy, and post-filtered like any candidate (the template
 * itself cannot carry the ACL predicate); rows without them are counted as lacking provenance and
 * never become items.
 */
/** Parameters the run sets itself, after the request's: what a value given for them would be dropped for. */
const RUN_PARAMETERS = new Set(['query', 'top_k', 'principal_id']);

/**
 * Refuses a template parameter the template does not read (`--param servce=…` ran the template with
 * `service` null and answered "no evidence this principal may see"), and one the run sets itself
 * (the question, top_k, the principal and its `acl_…` parameters), whose value would be dropped.
 */
export function checkTemplateParams(template: SavedQuery, given: Readonly<Record<string, unknown>>): void {
  for (const name of Object.keys(given)) {
    if (RUN_PARAMETERS.has(name) || name.startsWith('acl_')) {
      throw codedError('invalid_input', retrievalError('template_param_set_by_run', { template: template.id, name }), {
        hint: retrievalError('template_param_set_by_run_hint'),
      });
    }
    if (template.parameters.includes(name)) continue;
    const own = template.parameters.filter((parameter) => !RUN_PARAMETERS.has(parameter));
    const closest = closestKey(name, own);
    const parameters = own.join(', ');
    throw codedError('invalid_input', retrievalError('template_param_unknown', { template: template.id, name }), {
      hint:
        own.length === 0
          ? retrievalError('template_param_none_hint')
          : closest
            ? retrievalError('template_param_unknown_hint', { closest, parameters })
            : retrievalError('template_param_unknown_list_hint', { parameters }),
    });
  }
}

/** The most rows of a template that are read. */
export const TEMPLATE_ROW_CAP = 1_000;

export async function templateCandidates(run: RetrievalRun, template: SavedQuery): Promise<TemplateResult> {
  checkTemplateParams(template, run.options.template_params);
  const deadline = run.deadline.stage(0.6);
  const declared = Object.fromEntries(template.parameters.map((name) => [name, null]));
  // A built-in template holds the access rule in its MATCH; its `acl_…` parameters come last, so no
  // template parameter a request sends can stand in for one.
  const builtin = isBuiltinTemplate(template) && run.acl !== null;
  const cypher = builtin ? withAccessRule(template.cypher, run.acl) : template.cypher;
  const params = {
    ...declared,
    ...run.options.template_params,
    query: run.request.query,
    top_k: run.request.top_k,
    principal_id: run.principal.principal_id,
    ...(builtin ? run.aclParams : {}),
  };
  let lacking = 0;
  let rowCount = 0;
  let capped = false;
  const candidates = await timedStage(
    run.log,
    'cypher_template',
    async () => {
      const result = await run.log.readUntrusted(cypher, params, { deadline, stage: 'cypher_template', rowCap: TEMPLATE_ROW_CAP });
      rowCount = result.rows.length;
      capped = result.truncated;
      if (rowCount === 0) run.log.templateLacks = await missingNodes(run, template, deadline);
      // A saved template's own scores are not kept: like Text2Cypher's query it may compute them from
      // anything in the graph (a restricted title's length was an item's score); a built-in one's are its ranking.
      const found = await candidatesFromUntrustedRows(run, result.rows, deadline, 'cypher_template', {
        keepScores: isBuiltinTemplate(template),
      });
      lacking = found.lackingProvenance;
      return found.candidates;
    },
    (out) => ({
      strategy: `template:${template.id}`,
      candidates_in: rowCount,
      candidates_out: out.length,
      acl: builtin ? 'prefilter' : run.acl ? 'postfilter' : 'none',
      // Rows past the cap were never read: said, not passed off as all the template returned.
      note: stageNote(capped ? 'template_rows_capped' : 'template_rows', { rows: rowCount, lacking }),
    }),
  );
  return { candidates, lackingProvenance: lacking };
}

/** The template a cypher-mode request names, or an invalid-request error that says which exist. */
export function requireTemplate(id: string | undefined, saved: readonly SavedQuery[], profile: SchemaProfile): SavedQuery {
  const known = [...builtinTemplates(profile), ...saved].map((template) => template.id);
  const hint = retrievalError('template_pick_hint', { templates: known.join(', ') });
  if (!id) throw codedError('invalid_input', retrievalError('template_id_missing'), { hint });
  const template = findTemplate(id, saved, profile);
  if (!template) throw codedError('invalid_input', retrievalError('template_unknown', { id }), { hint });
  return template;
}

/** `cypher` mode: the template the request names (built in or saved), run through the read-only guard. */
export const cypherTemplateRetriever: Retriever = {
  embedsQuery: false,
  searchesWords: false,
  retrieve: (run) => templateCandidates(run, requireTemplate(run.options.template_id, run.savedTemplates(), run.profile)),
};
