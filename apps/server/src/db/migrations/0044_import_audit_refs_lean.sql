-- The import writes one external ref and one audit entry per item, by the ten thousand: each
-- row paid a foreign-key trigger (a lookup of its syndic, always the authenticated one). The
-- keys go; deleting a syndic still removes its refs and audit entries, by one statement
-- trigger on the syndics table instead of a check on every row written.
ALTER TABLE "syndic_audit_log" DROP CONSTRAINT "syndic_audit_log_syndic_id_syndics_id_fk";--> statement-breakpoint
ALTER TABLE "syndic_external_refs" DROP CONSTRAINT "syndic_external_refs_syndic_id_syndics_id_fk";--> statement-breakpoint
CREATE FUNCTION "syndic_forget_refs_audit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "syndic_external_refs" WHERE "syndic_id" IN (SELECT "id" FROM gone);
  DELETE FROM "syndic_audit_log" WHERE "syndic_id" IN (SELECT "id" FROM gone);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "syndics_forget_refs_audit" AFTER DELETE ON "syndics" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "syndic_forget_refs_audit"();--> statement-breakpoint
-- A creation's audit entry stores the values created ({field: value}): its before is always
-- null, and the wrapper doubled what the log stores. The API still shows {before, after}.
-- Only entries still in the wrapped form (every value a {before: null, after} object) change.
UPDATE "syndic_audit_log" SET "changes" = (
  SELECT jsonb_object_agg(e.key, e.value -> 'after') FROM jsonb_each("changes") e
) WHERE "action" = 'created' AND jsonb_typeof("changes") = 'object' AND "changes" <> '{}'::jsonb
  AND NOT EXISTS (
    SELECT 1 FROM jsonb_each("changes") e
    WHERE jsonb_typeof(e.value) <> 'object' OR NOT (e.value ? 'after') OR (e.value -> 'before') <> 'null'::jsonb
  );
