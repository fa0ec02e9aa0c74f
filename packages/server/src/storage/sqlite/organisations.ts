// Organisations in SQLite: each write and its audit row in one transaction.

import type Database from "better-sqlite3";
import type { Actor } from "../audit.js";
import { ConflictError } from "../errors.js";
import {
  type Organisation,
  type OrganisationInput,
  type OrganisationPatch,
  type OrganisationRecord,
  type OrganisationRow,
  type OrganisationStore,
  organisationTarget,
  toOrganisation,
} from "../organisations.js";
import type { RecordStatus } from "../records.js";
import { now } from "../rows.js";
import type { AuditFn } from "./audit.js";
import { preparedOnFirstUse } from "./prepared.js";

export class SqliteOrganisations implements OrganisationStore {
  readonly #db: Database.Database;
  readonly #audit: AuditFn;
  readonly #get = preparedOnFirstUse(() =>
    this.#db.prepare<[string], OrganisationRow>("SELECT * FROM organisations WHERE id = ?"),
  );

  constructor(db: Database.Database, audit: AuditFn) {
    this.#db = db;
    this.#audit = audit;
  }

  /** Inserts an organisation inside the caller's transaction. */
  insert(input: OrganisationInput, actor: Actor): Organisation {
    if (this.#get().get(input.id) !== undefined)
      throw new ConflictError(`organisation "${input.id}" exists`, input.id);
    const t = now();
    this.#db
      .prepare(
        "INSERT INTO organisations (id, name, contact, active, created, updated) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(
        input.id,
        input.name,
        input.contact ?? null,
        input.active === false ? 0 : 1,
        input.created ?? t,
        input.updated ?? input.created ?? t,
      );
    const created = toOrganisation(this.#get().get(input.id) as OrganisationRow);
    this.#audit(actor, "organisation.create", organisationTarget(input.id), undefined, created);
    return created;
  }

  getSync(id: string): Organisation | null {
    const row = this.#get().get(id);
    return row === undefined ? null : toOrganisation(row);
  }

  async create(input: OrganisationInput, actor: Actor): Promise<Organisation> {
    return this.#db.transaction(() => this.insert(input, actor)).immediate();
  }

  async update(id: string, patch: OrganisationPatch, actor: Actor): Promise<Organisation | null> {
    return this.#db
      .transaction(() => {
        const row = this.#get().get(id);
        if (row === undefined) return null;
        const before = toOrganisation(row);
        this.#db
          .prepare(
            "UPDATE organisations SET name = ?, contact = ?, active = ?, updated = ? WHERE id = ?",
          )
          .run(
            patch.name ?? before.name,
            patch.contact === undefined ? before.contact : patch.contact,
            (patch.active ?? before.active) ? 1 : 0,
            now(),
            id,
          );
        const after = toOrganisation(this.#get().get(id) as OrganisationRow);
        // Deactivation ends its web sessions for good: reactivating does not revive them.
        if (before.active && !after.active)
          this.#db
            .prepare(
              "DELETE FROM sessions WHERE token_id IN (SELECT id FROM tokens WHERE organisation = ?)",
            )
            .run(id);
        this.#audit(actor, "organisation.update", organisationTarget(id), before, after);
        return after;
      })
      .immediate();
  }

  async get(id: string): Promise<Organisation | null> {
    return this.getSync(id);
  }

  async records(
    organisation: string,
    status: RecordStatus | null,
    limit: number,
  ): Promise<OrganisationRecord[]> {
    return this.#db
      .prepare<
        [{ organisation: string; status: string | null; limit: number }],
        OrganisationRecord
      >(
        `SELECT urn, status, prefix, created FROM records
         WHERE organisation = @organisation AND (@status IS NULL OR status = @status)
         ORDER BY id DESC LIMIT @limit`,
      )
      .all({ organisation, status, limit });
  }

  async list(): Promise<Organisation[]> {
    return this.#db
      .prepare<[], OrganisationRow>("SELECT * FROM organisations ORDER BY id")
      .all()
      .map(toOrganisation);
  }
}
