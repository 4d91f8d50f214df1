-- A co-owner record whose personal fields were erased (the ledger stays: Code de commerce L123-22).
ALTER TABLE "coproprietaires" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
-- A user account deleted by its holder (RGPD art. 17): personal fields erased, the row kept so
-- what it paid and wrote keeps its author id.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
