import { storeError } from '../../shared/errors/store-error-messages';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { Principal, TypedPrincipal } from '../../shared/principal';
import { parseInput, parseStored, parseStoredJson } from './store-validation';

/** A principal as callers hand it over: groups, partitions and source may be left out. */
export type PrincipalInput = z.input<typeof Principal>;
/** Where a batch of principals came from. */
export type PrincipalSource = Principal['source'];

interface PrincipalRow {
  principal_id: string;
  json: string;
}

/** The local list of principals (`principals` table), keyed by principal_id. */
export class PrincipalRepository {
  /** The one-principal read every run makes, prepared on its first use and kept (a prepare costs more than the read). */
  private selectOne: Database.Statement<[string], PrincipalRow> | undefined;

  /** Prepares nothing up front: a store opened for anything else never pays for it. */
  constructor(private readonly db: Database.Database) {}

  /** Every principal, by id. */
  list(): Principal[] {
    return this.db.prepare<[], PrincipalRow>('SELECT principal_id, json FROM principals ORDER BY principal_id').all().map(principalOf);
  }

  /** The principal with this id, or null. */
  get(principalId: string): Principal | null {
    this.selectOne ??= this.db.prepare<[string], PrincipalRow>('SELECT principal_id, json FROM principals WHERE principal_id = ?');
    const row = this.selectOne.get(principalId);
    return row ? principalOf(row) : null;
  }

  /**
   * Adds or replaces principals in one transaction, each stamped with `source`. The whole list is
   * validated first as a person's writing (a bad field, or a control character in a name, is `invalid_input` naming it; nothing is written). Returns how many were written.
   */
  upsert(list: readonly PrincipalInput[], source: PrincipalSource): number {
    const principals = parseInput(z.array(TypedPrincipal), list, storeError('input_principal_list')).map((principal) => ({
      ...principal,
      source,
    }));
    const updatedAt = new Date().toISOString();
    const statement = this.db.prepare<[{ principal_id: string; json: string; source: string; updated_at: string }]>(
      `INSERT INTO principals (principal_id, json, source, updated_at) VALUES (@principal_id, @json, @source, @updated_at)
       ON CONFLICT (principal_id) DO UPDATE SET json = excluded.json, source = excluded.source, updated_at = excluded.updated_at`,
    );
    this.db.transaction(() => {
      for (const principal of principals)
        statement.run({ principal_id: principal.principal_id, json: JSON.stringify(principal), source, updated_at: updatedAt });
    })();
    return principals.length;
  }

  /** Deletes one principal; runs keep their own snapshot of it. False when there was none. */
  delete(principalId: string): boolean {
    return this.db.prepare('DELETE FROM principals WHERE principal_id = ?').run(principalId).changes > 0;
  }
}

function principalOf(row: PrincipalRow): Principal {
  const what = storeError('stored_principal', { id: row.principal_id });
  return parseStored(Principal, parseStoredJson(row.json, what), what);
}
