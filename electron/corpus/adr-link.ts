// Its own module because both adr-record.ts (which collects links) and adr-statements.ts (which
// finds them in sentences) need it, and neither may import the other back.

/** One supersession statement an ADR makes about another ADR. */
export interface AdrLink {
  /** `superseded_by`: the target is newer than this ADR; `supersedes`: the target is older. */
  relation: 'superseded_by' | 'supersedes';
  /** True when the statement (or this ADR's own status, for `superseded_by`) says only part is replaced. */
  partial: boolean;
  /**
   * The target as written: a link destination (`0015-dns-infrastructure.md`, `../adr/0003-x.md`,
   * `https://github.com/o/r/blob/main/docs/adr/0003-x.md`), a reference (`ADR-0003`, `#3`, `3`,
   * or a front matter value), or a record's title.
   */
  target: string;
  /** How the target is written, which decides how it is resolved to a record. */
  form: 'link' | 'reference' | 'title';
  /** `status`: the status section, the status line or front matter; `body`: anywhere else in the text. */
  stated_in: 'status' | 'body';
}
