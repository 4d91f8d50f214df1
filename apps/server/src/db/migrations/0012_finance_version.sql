ALTER TABLE "coproprietes" ADD COLUMN "finance_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 72: the dashboard keeps each building's repartitions, charges, years, budgets and
-- spending in memory and checks them against this version; every statement that changes one of
-- those tables bumps the version of the buildings it touched (statement triggers, so a bulk
-- import bumps each building once, not once per row).
CREATE FUNCTION "finance_touch"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "coproprietes" SET "finance_version" = "finance_version" + 1 WHERE "id" = ANY(ids)
$$;--> statement-breakpoint
-- The buildings a statement touched, where the changed rows name their copropriété.
CREATE FUNCTION "finance_touch_by_copro"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM "finance_touch"(array(SELECT DISTINCT r."copropriete_id" FROM new_rows r)); END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM "finance_touch"(array(SELECT DISTINCT r."copropriete_id" FROM old_rows r)); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The buildings a statement touched, where the changed rows name a charge of it.
CREATE FUNCTION "finance_touch_by_charge"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM "finance_touch"(array(SELECT DISTINCT c."copropriete_id" FROM new_rows r JOIN "charges" c ON c."id" = r."charge_id")); END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM "finance_touch"(array(SELECT DISTINCT c."copropriete_id" FROM old_rows r JOIN "charges" c ON c."id" = r."charge_id")); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "repartitions_finance_ins" AFTER INSERT ON "repartitions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_copro"();--> statement-breakpoint
CREATE TRIGGER "repartitions_finance_upd" AFTER UPDATE ON "repartitions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_copro"();--> statement-breakpoint
CREATE TRIGGER "repartitions_finance_del" AFTER DELETE ON "repartitions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_copro"();--> statement-breakpoint
CREATE TRIGGER "charges_finance_ins" AFTER INSERT ON "charges" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_copro"();--> statement-breakpoint
CREATE TRIGGER "charges_finance_upd" AFTER UPDATE ON "charges" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_copro"();--> statement-breakpoint
CREATE TRIGGER "charges_finance_del" AFTER DELETE ON "charges" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_copro"();--> statement-breakpoint
CREATE TRIGGER "financial_years_finance_ins" AFTER INSERT ON "financial_years" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_copro"();--> statement-breakpoint
CREATE TRIGGER "financial_years_finance_upd" AFTER UPDATE ON "financial_years" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_copro"();--> statement-breakpoint
CREATE TRIGGER "financial_years_finance_del" AFTER DELETE ON "financial_years" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_copro"();--> statement-breakpoint
CREATE TRIGGER "budgets_finance_ins" AFTER INSERT ON "budgets" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_charge"();--> statement-breakpoint
CREATE TRIGGER "budgets_finance_upd" AFTER UPDATE ON "budgets" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_charge"();--> statement-breakpoint
CREATE TRIGGER "budgets_finance_del" AFTER DELETE ON "budgets" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_charge"();--> statement-breakpoint
CREATE TRIGGER "charge_invoices_finance_ins" AFTER INSERT ON "charge_invoices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_charge"();--> statement-breakpoint
CREATE TRIGGER "charge_invoices_finance_upd" AFTER UPDATE ON "charge_invoices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_charge"();--> statement-breakpoint
CREATE TRIGGER "charge_invoices_finance_del" AFTER DELETE ON "charge_invoices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_charge"();
