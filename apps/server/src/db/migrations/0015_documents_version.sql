ALTER TABLE "coproprietes" ADD COLUMN "documents_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 75: the building documents ('Ceux de la copropriété') keep a building's groups and
-- their documents in memory and check them against this version; every statement that changes a
-- building's groups or the documents in them bumps the version of the buildings it touched, once
-- per statement. Own documents (no group) and syndic-wide groups (no building) bump nothing. Files
-- are stored by content (their key ends with its SHA-256): what the list reads of one (key, type,
-- size) never changes, a new content is a new files row and an update of the document.
CREATE FUNCTION "documents_touch"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "coproprietes" SET "documents_version" = "documents_version" + 1 WHERE "id" = ANY(ids)
$$;--> statement-breakpoint
-- The buildings of the document groups a statement touched.
CREATE FUNCTION "documents_touch_by_group"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM "documents_touch"(array(SELECT DISTINCT r."copropriete_id" FROM new_rows r WHERE r."copropriete_id" IS NOT NULL)); END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM "documents_touch"(array(SELECT DISTINCT r."copropriete_id" FROM old_rows r WHERE r."copropriete_id" IS NOT NULL)); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The buildings of the groups of the documents a statement touched.
CREATE FUNCTION "documents_touch_by_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM "documents_touch"(array(SELECT DISTINCT g."copropriete_id" FROM new_rows r JOIN "document_groups" g ON g."id" = r."group_id" WHERE g."copropriete_id" IS NOT NULL)); END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM "documents_touch"(array(SELECT DISTINCT g."copropriete_id" FROM old_rows r JOIN "document_groups" g ON g."id" = r."group_id" WHERE g."copropriete_id" IS NOT NULL)); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "document_groups_documents_ins" AFTER INSERT ON "document_groups" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "documents_touch_by_group"();--> statement-breakpoint
CREATE TRIGGER "document_groups_documents_upd" AFTER UPDATE ON "document_groups" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "documents_touch_by_group"();--> statement-breakpoint
CREATE TRIGGER "document_groups_documents_del" AFTER DELETE ON "document_groups" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "documents_touch_by_group"();--> statement-breakpoint
CREATE TRIGGER "documents_documents_ins" AFTER INSERT ON "documents" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "documents_touch_by_document"();--> statement-breakpoint
CREATE TRIGGER "documents_documents_upd" AFTER UPDATE ON "documents" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "documents_touch_by_document"();--> statement-breakpoint
CREATE TRIGGER "documents_documents_del" AFTER DELETE ON "documents" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "documents_touch_by_document"();
