-- Decision 74: the co-owners' supplier invoice list keeps a building's pages in memory against
-- its finance_version (like the dashboard's building part, decision 72), so every statement that
-- changes supplier_invoices bumps the version of the buildings it touched.
CREATE TRIGGER "supplier_invoices_finance_ins" AFTER INSERT ON "supplier_invoices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_copro"();--> statement-breakpoint
CREATE TRIGGER "supplier_invoices_finance_upd" AFTER UPDATE ON "supplier_invoices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_copro"();--> statement-breakpoint
CREATE TRIGGER "supplier_invoices_finance_del" AFTER DELETE ON "supplier_invoices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "finance_touch_by_copro"();
