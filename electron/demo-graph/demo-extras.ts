import { parse as parseYaml, YAMLError } from 'yaml';
import { z } from 'zod';
import { issueWords } from '../../shared/api/schema-message';
import { codedError } from '../../shared/coded-error';
import { demoLoadMessage } from '../../shared/demo-load-messages';
import { serverError } from '../../shared/errors/server-error-messages';
import { yamlBuildReason, yamlReason } from '../../shared/yaml-problem';
import {
  GroupRecord,
  PrincipalRecord,
  type LoadedClaim,
  type LoadedDocument,
  type LoadedEntity,
  type LoadedEntityLink,
  type LoadProblem,
} from '../corpus/corpus-model';
import { loadProblem } from '../corpus/load-items';
import { unreadableReason, yamlInputText } from '../input-file';
import { MAX_YAML_NESTING } from '../yaml-nesting';

const Id = z.string().min(1);
const Text = z.preprocess((value) => (value instanceof Date ? value.toISOString() : value), z.string().min(1));

/** `entities.yaml`: services with their links, and the entities they link to. */
export const EntitiesFile = z.object({
  services: z
    .array(
      z
        .object({
          service_id: Id,
          name: Text,
          owner: Id.optional(),
          repository: Id.optional(),
          apis: z.array(Id).default([]),
          incidents: z.array(Id).default([]),
        })
        .passthrough(),
    )
    .default([]),
  apis: z.array(z.object({ api_id: Id, path: Text, method: Text.optional() }).passthrough()).default([]),
  repositories: z.array(z.object({ repository_id: Id, name: Text }).passthrough()).default([]),
  owners: z.array(z.object({ owner_id: Id, name: Text }).passthrough()).default([]),
  incidents: z
    .array(z.object({ incident_id: Id, title: Text, occurred_at: Text.optional(), document_id: Id.optional() }).passthrough())
    .default([]),
});

/** `claims.yaml`: claims, what they are about, and quotes that support them. */
export const ClaimsFile = z.array(
  z.object({
    claim_id: Id,
    text: Text,
    about: z.array(Id).default([]),
    evidence: z.array(z.object({ document_id: Id, quote: Text })).min(1),
  }),
);

/** `principals.yaml`: groups and principals. */
export const PrincipalsFile = z.object({ groups: z.array(GroupRecord).default([]), principals: z.array(PrincipalRecord) });

/** Reads and validates one YAML file; a problem names the file, the line where known, and the field. */
export function readYamlFile<T>(file: string, schema: z.ZodType<T>, label: string): T {
  // Measured before the YAML library builds it, as for every file a user gives.
  const text = yamlInputText(
    file,
    (error) =>
      codedError('io', serverError('demo_file_unreadable', { label, file, reason: [unreadableReason(error)] }), {
        hint: serverError('demo_file_unreadable_hint'),
        cause: error,
      }),
    (line) =>
      codedError('invalid_input', serverError('demo_file_too_deep', { label, line, max: MAX_YAML_NESTING }), {
        hint: serverError('demo_file_not_yaml_hint'),
      }),
  );
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (error) {
    const line = error instanceof YAMLError ? error.linePos?.[0]?.line : undefined;
    // The library's code, worded in the UI's language: its message is English only; a value it refuses to build (an alias bomb) by kind.
    const problem = error instanceof YAMLError ? yamlReason(error.code) : yamlBuildReason(error);
    throw codedError(
      'invalid_input',
      serverError('demo_file_not_yaml', { label, line: line ? [serverError('line_part', { line })] : [], problem: [problem] }),
      {
        hint: serverError('demo_file_not_yaml_hint'),
        cause: error,
      },
    );
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') || [serverError('whole_file_part')];
    throw codedError(
      'invalid_input',
      serverError('demo_file_invalid', { label, path, issue: issue ? issueWords(issue) : [serverError('invalid_part')] }),
      {
        hint: serverError('demo_file_invalid_hint'),
      },
    );
  }
  return parsed.data;
}

const scalarProperties = (record: Record<string, unknown>, skip: readonly string[]): Record<string, string> =>
  Object.fromEntries(
    Object.entries(record)
      .filter(([key, value]) => !skip.includes(key) && (typeof value === 'string' || typeof value === 'number' || value instanceof Date))
      .map(([key, value]) => [key, value instanceof Date ? value.toISOString() : String(value)]),
  );

/** Entities and their links; every referenced id must exist, or it is a problem naming both ids. */
export function entitiesFromFile(
  file: z.infer<typeof EntitiesFile>,
  label: string,
): { entities: LoadedEntity[]; links: LoadedEntityLink[]; problems: LoadProblem[] } {
  const entities: LoadedEntity[] = [
    ...file.services.map((s) => ({
      label: 'Service' as const,
      id_property: 'service_id',
      id: s.service_id,
      properties: scalarProperties(s, ['service_id', 'owner', 'repository', 'apis', 'incidents']),
    })),
    ...file.apis.map((a) => ({ label: 'API' as const, id_property: 'api_id', id: a.api_id, properties: scalarProperties(a, ['api_id']) })),
    ...file.repositories.map((r) => ({
      label: 'Repository' as const,
      id_property: 'repository_id',
      id: r.repository_id,
      properties: scalarProperties(r, ['repository_id']),
    })),
    ...file.owners.map((o) => ({
      label: 'Owner' as const,
      id_property: 'owner_id',
      id: o.owner_id,
      properties: scalarProperties(o, ['owner_id']),
    })),
    ...file.incidents.map((i) => ({
      label: 'Incident' as const,
      id_property: 'incident_id',
      id: i.incident_id,
      properties: scalarProperties(i, ['incident_id']),
    })),
  ];
  const known = new Map(entities.map((entity) => [entity.id, entity.label]));
  const links: LoadedEntityLink[] = [];
  const problems: LoadProblem[] = [];
  const link = (from: string, type: LoadedEntityLink['type'], to: string, expected: LoadedEntity['label']) => {
    if (known.get(to) !== expected)
      problems.push(
        loadProblem(label, null, demoLoadMessage('entity_link_undefined', { file: label, service: from, label: expected, target: to })),
      );
    else links.push({ from_id: from, type, to_id: to });
  };
  for (const service of file.services) {
    for (const api of service.apis) link(service.service_id, 'EXPOSES', api, 'API');
    if (service.repository) link(service.service_id, 'IMPLEMENTED_BY', service.repository, 'Repository');
    if (service.owner) link(service.service_id, 'OWNED_BY', service.owner, 'Owner');
    for (const incident of service.incidents) link(service.service_id, 'AFFECTED_BY', incident, 'Incident');
  }
  return { entities, links, problems };
}

/**
 * Locates every evidence quote in its document's chunks, so its span really points into the chunk
 * text. A quote not found in any chunk is a problem, and that evidence is not written.
 */
export function claimsFromFile(
  file: z.infer<typeof ClaimsFile>,
  documents: readonly LoadedDocument[],
  entityIds: ReadonlySet<string>,
  label: string,
): { claims: LoadedClaim[]; problems: LoadProblem[] } {
  const byId = new Map(documents.map((doc) => [doc.document_id, doc]));
  const problems: LoadProblem[] = [];
  const claims: LoadedClaim[] = [];
  for (const claim of file) {
    const evidence = [];
    for (const [index, item] of claim.evidence.entries()) {
      const doc = byId.get(item.document_id);
      if (!doc) {
        problems.push(
          loadProblem(
            label,
            null,
            demoLoadMessage('claim_document_not_loaded', { file: label, claim: claim.claim_id, document: item.document_id }),
          ),
        );
        continue;
      }
      const chunk = doc.chunks.find((candidate) => candidate.text.includes(item.quote));
      if (!chunk) {
        const quote = item.quote.slice(0, 60);
        problems.push(
          loadProblem(
            label,
            null,
            demoLoadMessage('claim_quote_not_found', { file: label, claim: claim.claim_id, quote, document: item.document_id }),
          ),
        );
        continue;
      }
      const start = chunk.text.indexOf(item.quote);
      evidence.push({
        evidence_id: `${claim.claim_id}#e${index}`,
        chunk_id: chunk.chunk_id,
        quote: item.quote,
        start_char: start,
        end_char: start + item.quote.length,
      });
    }
    const about = claim.about.filter((id) => {
      if (entityIds.has(id)) return true;
      problems.push(loadProblem(label, null, demoLoadMessage('claim_unknown_entity', { file: label, claim: claim.claim_id, entity: id })));
      return false;
    });
    claims.push({ claim_id: claim.claim_id, text: claim.text, about, evidence });
  }
  return { claims, problems };
}
