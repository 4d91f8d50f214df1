ALTER TABLE "coproprietaires" ADD COLUMN "civility" text;--> statement-breakpoint
ALTER TABLE "coproprietaires" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "coproprietaires" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "coproprietaires" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "coproprietaires" ADD COLUMN "removed_at" timestamp with time zone;