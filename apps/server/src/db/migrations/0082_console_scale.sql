-- The console at a national syndic's scale (decision 223). The search across buildings, co-owners and
-- lots: `ilike '%q%'` read from trigram indexes instead of every row (pg_trgm; PGlite loads it too).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coproprietes_name_trgm" ON "coproprietes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coproprietes_address_trgm" ON "coproprietes" USING gin (("address"->>'full_address') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coproprietaires_name_trgm" ON "coproprietaires" USING gin ("name" gin_trgm_ops, "display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "coproprietaires_emails_trgm" ON "coproprietaires" USING gin ((jsonb_path_query_array("contacts", '$[*].emails[*].value')::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lots_number_trgm" ON "lots" USING gin ("lot_id" gin_trgm_ops, "name" gin_trgm_ops);
--> statement-breakpoint
-- Indexes the portfolio's per-building counts read by (a syndic's buildings, a co-owner's
-- invitations, a building's conversations and assemblies).
CREATE INDEX IF NOT EXISTS "coproprietes_syndic" ON "coproprietes" ("syndic_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invitations_owner" ON "invitations" ("coproprietaire_id", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "conversations_copro" ON "conversations" ("copropriete_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "assemblees_copro" ON "assemblees" ("copropriete_id", "date");--> statement-breakpoint
-- The portfolio's count of décret 2019-502 items missing is kept in memory per building and
-- checked against this version (decision 223): every statement that changes what the checklist
-- reads (a building's or its syndic's documents and groups, its co-owners' own documents, its
-- co-owners, assemblies and carnet) bumps the version of the buildings it touched, once per
-- statement, in the writer's transaction.
ALTER TABLE "coproprietes" ADD COLUMN IF NOT EXISTS "checklist_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "checklist_touch"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "coproprietes" SET "checklist_version" = "checklist_version" + 1 WHERE "id" = ANY(ids)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "checklist_touch_by_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM "checklist_touch"(array(
    SELECT g."copropriete_id" FROM new_rows r JOIN "document_groups" g ON g."id" = r."group_id" WHERE g."copropriete_id" IS NOT NULL
    UNION SELECT c."id" FROM new_rows r JOIN "document_groups" g ON g."id" = r."group_id" JOIN "coproprietes" c ON c."syndic_id" = g."syndic_id" WHERE g."scope" = 'syndic'
    UNION SELECT o."copropriete_id" FROM new_rows r JOIN "coproprietaires" o ON o."id" = r."coproprietaire_id")); END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM "checklist_touch"(array(
    SELECT g."copropriete_id" FROM old_rows r JOIN "document_groups" g ON g."id" = r."group_id" WHERE g."copropriete_id" IS NOT NULL
    UNION SELECT c."id" FROM old_rows r JOIN "document_groups" g ON g."id" = r."group_id" JOIN "coproprietes" c ON c."syndic_id" = g."syndic_id" WHERE g."scope" = 'syndic'
    UNION SELECT o."copropriete_id" FROM old_rows r JOIN "coproprietaires" o ON o."id" = r."coproprietaire_id")); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "checklist_touch_by_group"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM "checklist_touch"(array(
    SELECT r."copropriete_id" FROM new_rows r WHERE r."copropriete_id" IS NOT NULL
    UNION SELECT c."id" FROM new_rows r JOIN "coproprietes" c ON c."syndic_id" = r."syndic_id" WHERE r."scope" = 'syndic')); END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM "checklist_touch"(array(
    SELECT r."copropriete_id" FROM old_rows r WHERE r."copropriete_id" IS NOT NULL
    UNION SELECT c."id" FROM old_rows r JOIN "coproprietes" c ON c."syndic_id" = r."syndic_id" WHERE r."scope" = 'syndic')); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Co-owners, assemblies and carnets: the building of each row.
CREATE OR REPLACE FUNCTION "checklist_touch_by_building"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM "checklist_touch"(array(SELECT DISTINCT r."copropriete_id" FROM new_rows r)); END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM "checklist_touch"(array(SELECT DISTINCT r."copropriete_id" FROM old_rows r)); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A co-owner's other changes (contacts, settings, account) do not change the checklist.
CREATE OR REPLACE FUNCTION "checklist_touch_by_owner_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "checklist_touch"(array[OLD."copropriete_id", NEW."copropriete_id"]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "documents_checklist_ins" AFTER INSERT ON "documents" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "checklist_touch_by_document"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "documents_checklist_upd" AFTER UPDATE ON "documents" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "checklist_touch_by_document"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "documents_checklist_del" AFTER DELETE ON "documents" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "checklist_touch_by_document"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "document_groups_checklist_ins" AFTER INSERT ON "document_groups" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "checklist_touch_by_group"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "document_groups_checklist_upd" AFTER UPDATE ON "document_groups" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "checklist_touch_by_group"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "document_groups_checklist_del" AFTER DELETE ON "document_groups" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "checklist_touch_by_group"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "coproprietaires_checklist_ins" AFTER INSERT ON "coproprietaires" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "checklist_touch_by_building"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "coproprietaires_checklist_del" AFTER DELETE ON "coproprietaires" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "checklist_touch_by_building"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "coproprietaires_checklist_upd" AFTER UPDATE ON "coproprietaires" FOR EACH ROW WHEN (OLD."removed_at" IS DISTINCT FROM NEW."removed_at" OR OLD."copropriete_id" IS DISTINCT FROM NEW."copropriete_id") EXECUTE FUNCTION "checklist_touch_by_owner_row"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "assemblees_checklist_ins" AFTER INSERT ON "assemblees" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "checklist_touch_by_building"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "assemblees_checklist_upd" AFTER UPDATE ON "assemblees" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "checklist_touch_by_building"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "assemblees_checklist_del" AFTER DELETE ON "assemblees" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "checklist_touch_by_building"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "carnets_checklist_ins" AFTER INSERT ON "carnets_entretien" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "checklist_touch_by_building"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "carnets_checklist_upd" AFTER UPDATE ON "carnets_entretien" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "checklist_touch_by_building"();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "carnets_checklist_del" AFTER DELETE ON "carnets_entretien" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "checklist_touch_by_building"();
--> statement-breakpoint
-- A building's current co-owners, counted from the index alone.
CREATE INDEX IF NOT EXISTS "coproprietaires_current" ON "coproprietaires" ("copropriete_id") WHERE "removed_at" IS NULL;
