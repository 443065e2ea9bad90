import { z } from 'zod';
import type { CoreMessage, CoreParams } from '../../shared/core-message';
import { isIsoInstant } from '../../shared/iso-instant';
import type { AclDefaultsApplied } from './acl-defaults';
import type { AdrLoadReport } from './adr-load-report';

// The same written as people do: one-digit month or day (`2019-03-5`), a space before the time or the
// zone (Jekyll's `2019-03-05 10:00:00 +0100`).
const LOOSE_INSTANT = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?) ?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A front matter date in the form the graph stores (`2019-03-05`, `2019-03-05T10:00:00+01:00`), or null
 * when the text is no such date. Dates Node reads but Neo4j does not (`March 5, 2019`, `2019-03-05
 * 10:00`) were taken before and failed the whole load when written; now they are normalised or refused.
 */
export function isoInstantText(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const loose = LOOSE_INSTANT.exec(text);
  const normalised = loose
    ? `${loose[1]}-${(loose[2] as string).padStart(2, '0')}-${(loose[3] as string).padStart(2, '0')}${loose[4] ? `T${loose[4]}${loose[5] ?? ''}` : ''}`
    : text;
  return isIsoInstant(normalised) ? normalised : null;
}

/** An ISO date or date-time as written in front matter or YAML (yaml may also hand us a Date). */
const IsoInstant = z.preprocess(
  (value) => (value === null ? undefined : (isoInstantText(value) ?? value)),
  z
    .string()
    .refine((text) => isoInstantText(text) === text, 'must be an ISO date such as 2026-05-20 or 2026-05-20T09:00:00Z')
    .optional(),
);

/**
 * A descriptive text field: a number or a yes/no YAML typed (`title: 404`) is the text written, and an
 * empty value (`title:` in a page template) is no value, instead of a reason to refuse the document.
 */
const DescriptiveText = (minimum: number) =>
  z.preprocess(
    (value) =>
      typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : value === null || (typeof value === 'string' && value.trim() === '')
          ? undefined
          : value,
    z.string().min(minimum).optional(),
  );

/** The access fields of a document, from its front matter or an ACL mapping file. */
export const DocumentAcl = z.object({
  workspace_id: z.string().min(1),
  visibility: z.enum(['public', 'restricted', 'private']),
  owner_id: z.string().min(1).nullable().default(null),
  allowed_groups: z.array(z.string().min(1)).default([]),
  acl_partition: z.string().min(1).nullable().default(null),
});
export type DocumentAcl = z.infer<typeof DocumentAcl>;

/**
 * Some access fields, as an ACL mapping entry gives them: each optional and without defaults, so an
 * entry sets only what it names (a default here would reset a field an earlier entry set), and
 * strict, so a misspelt field is an error instead of being dropped.
 */
export const PartialDocumentAcl = z
  .object({
    workspace_id: DocumentAcl.shape.workspace_id.optional(),
    visibility: DocumentAcl.shape.visibility.optional(),
    owner_id: z.string().min(1).nullable().optional(),
    allowed_groups: z.array(z.string().min(1)).optional(),
    acl_partition: z.string().min(1).nullable().optional(),
  })
  .strict();
export type PartialDocumentAcl = z.infer<typeof PartialDocumentAcl>;

/** Descriptive front matter fields; everything optional, derived where absent. */
export const DocumentMeta = z.object({
  document_id: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'use letters, digits, ".", "_", ":" or "-"')
    .optional(),
  title: DescriptiveText(1),
  doc_type: DescriptiveText(1),
  language: DescriptiveText(2),
  source_uri: z.string().min(1).optional(),
  source_version: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string()).optional(),
  created_at: IsoInstant,
  updated_at: IsoInstant,
  valid_from: IsoInstant,
  valid_to: IsoInstant,
  adr_id: DescriptiveText(1),
  status: DescriptiveText(1),
});

/** One chunk as it will be written: its text is exactly `body.slice(start_char, end_char)`. */
export interface LoadedChunk {
  readonly chunk_id: string;
  readonly position: number;
  readonly text: string;
  readonly start_char: number;
  readonly end_char: number;
  readonly heading_path: readonly string[];
  readonly acl_partition: string | null;
}

/** ADR facts of a document that is a decision record. */
export interface LoadedAdr {
  readonly adr_id: string;
  readonly status: string;
  /** The status line that decided `status`, verbatim. */
  readonly status_raw: string | null;
  /** The whole status as written (every line of a `## Status` section), verbatim. */
  readonly status_text: string | null;
  readonly status_source: string;
  readonly decided_at: string | null;
  /** What `decided_at` is the date of (`proposal`: only the date it was proposed on dates it); null when undated. */
  readonly dated_by: 'decision' | 'proposal' | null;
  /** The successor a record names outside any folder of records (`PR #123`, a web page); absent when none. */
  readonly successor_outside?: string;
  /** Present, and true, when that successor replaces only part of the record (`Accepted, partly superseded by https://…`). */
  readonly successor_outside_partial?: true;
}

/** One document ready to be written, with its chunks. */
export interface LoadedDocument {
  readonly document_id: string;
  readonly file: string;
  readonly title: string;
  readonly doc_type: string;
  readonly language: string | null;
  readonly acl: DocumentAcl;
  readonly source_uri: string;
  readonly source_version: string | null;
  readonly created_at: string | null;
  readonly updated_at: string | null;
  readonly valid_from: string | null;
  readonly valid_to: string | null;
  readonly adr: LoadedAdr | null;
  readonly chunks: readonly LoadedChunk[];
}

/** An older ADR superseded (fully or in part) by a newer one. */
export interface LoadedSupersession {
  readonly from_document_id: string;
  readonly to_document_id: string;
  readonly partial: boolean;
  readonly stated_in: readonly string[];
  readonly drift: boolean;
}

/** A piece of evidence located in a chunk: `chunk.text.slice(start_char, end_char) === quote`. */
export interface LoadedEvidence {
  readonly evidence_id: string;
  readonly chunk_id: string;
  readonly quote: string;
  readonly start_char: number;
  readonly end_char: number;
}

/** A claim with its evidence and the entities it is about. */
export interface LoadedClaim {
  readonly claim_id: string;
  readonly text: string;
  readonly about: readonly string[];
  readonly evidence: readonly LoadedEvidence[];
}

/** An entity node: a label, its id property and the rest of its properties. */
export interface LoadedEntity {
  readonly label: 'Service' | 'API' | 'Repository' | 'Owner' | 'Incident';
  readonly id_property: string;
  readonly id: string;
  readonly properties: Readonly<Record<string, string>>;
}

/** A relationship between two entities, by id. */
export interface LoadedEntityLink {
  readonly from_id: string;
  readonly type: 'EXPOSES' | 'IMPLEMENTED_BY' | 'OWNED_BY' | 'AFFECTED_BY';
  readonly to_id: string;
}

/** A principal as the demo defines it. */
export const PrincipalRecord = z.object({
  principal_id: z.string().min(1),
  display_name: z.string().min(1).optional(),
  workspace_id: z.string().min(1),
  groups: z.array(z.string().min(1)).default([]),
  acl_partitions: z.array(z.string().min(1)).default([]),
  description: z.string().optional(),
});
export type PrincipalRecord = z.infer<typeof PrincipalRecord>;

/** A group of principals. */
export const GroupRecord = z.object({ group_id: z.string().min(1), name: z.string().min(1).optional() });
export type GroupRecord = z.infer<typeof GroupRecord>;

/** Something that could not be loaded, named precisely enough to fix. */
export interface LoadProblem {
  readonly file: string;
  readonly line: number | null;
  readonly message: string;
  /** The message as a `demo_load` code with its parameters, where the problem has one. */
  readonly message_code?: string;
  readonly message_params?: CoreParams;
}

/** A file the loader left out on purpose (it is not a failure of the load), with the reason. */
export interface SkippedFile {
  readonly file: string;
  /**
   * `binary`: not text; `outside_folder`: a symbolic link leaving the folder; `not_a_file`: a device,
   * pipe or socket; `duplicate`: read already by another path; `markdown_like`: a markdown-like file
   * (`x.md.erb`, `x.mdx`) whose extension was not given with `--ext`; `navigation`: a wiki's sidebar;
   * `hidden`: a markdown file whose name starts with a dot, or a hidden folder holding some (`.github/`);
   * `too_large`: a file larger than a document may be (`MAX_DOCUMENT_BYTES`), not read; `dependencies`:
   * a folder of installed packages (`node_modules`) holding markdown files, not read; `empty`: a file with
   * no text (0 bytes, only whitespace, or only front matter), of which no document is made.
   */
  readonly reason:
    | 'binary'
    | 'outside_folder'
    | 'not_a_file'
    | 'duplicate'
    | 'markdown_like'
    | 'navigation'
    | 'hidden'
    | 'too_large'
    | 'dependencies'
    | 'unsafe_name'
    | 'empty';
  /** The English sentence, worded from `message_code` and `message_params` (catalogue `demo_load`). */
  readonly message: string;
  readonly message_code: string;
  readonly message_params: CoreParams;
}

/** Everything one load writes. */
export interface LoadPlan {
  readonly documents: readonly LoadedDocument[];
  readonly supersessions: readonly LoadedSupersession[];
  readonly claims: readonly LoadedClaim[];
  readonly entities: readonly LoadedEntity[];
  readonly entityLinks: readonly LoadedEntityLink[];
  readonly principals: readonly PrincipalRecord[];
  readonly groups: readonly GroupRecord[];
  readonly failed: readonly LoadProblem[];
  /** The warnings in English, worded from `warningMessages`. */
  readonly warnings: readonly string[];
  /** The warnings as message codes with parameters, in the same order. */
  readonly warningMessages: readonly CoreMessage[];
  /** Files left out on purpose, each named. */
  readonly skipped: readonly SkippedFile[];
  /** Each default applied to access fields, with the files it was applied to. */
  readonly aclDefaults: AclDefaultsApplied;
  /** What was recognised of the decision records. */
  readonly adrs: AdrLoadReport;
  /** For each workspace loaded, a principal that sees its public documents. */
  readonly readyPrincipals: readonly ReadyPrincipal[];
  /** The principals a folder's ACL mapping defines (also in `principals`); none for the demo corpus. */
  readonly mappingPrincipals?: readonly PrincipalRecord[];
}

/** A principal a workspace can be queried as right after a load, without writing a principal file. */
export interface ReadyPrincipal {
  readonly workspace_id: string;
  readonly principal_id: string;
  /** True when the loader made it (the folder named no principal for the workspace); false when it is one the corpus defines. */
  readonly created: boolean;
  /** How many of the workspace's documents are public, all of which it sees. */
  readonly public_documents: number;
}
