// Its own module because both adr-record.ts (which collects links) and adr-statements.ts (which
// finds them in sentences) need it, and neither may import the other back.

/** One supersession statement an ADR makes about another ADR. */
export interface AdrLink {
  /** `superseded_by`: the target is newer than this ADR; `supersedes`: the target is older. */
  relation: 'superseded_by' | 'supersedes';
  /** True when the statement (or this ADR's own status, for `superseded_by`) says only part is replaced. */
  partial: boolean;
  /** The markdown link target as written (e.g. `0015-dns-infrastructure.md`), or an ADR reference from front matter (e.g. `ADR-0003`). */
  target: string;
  /** `status`: the status section, the MADR status line or front matter; `body`: anywhere else in the text. */
  stated_in: 'status' | 'body';
}
