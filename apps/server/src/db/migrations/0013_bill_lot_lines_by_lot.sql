DROP INDEX "bill_lot_lines_bill";--> statement-breakpoint
CREATE INDEX "bill_lot_lines_bill_lot" ON "bill_lot_lines" USING btree ("bill_id","lot_id");