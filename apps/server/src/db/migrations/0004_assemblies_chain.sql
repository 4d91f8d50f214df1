CREATE TABLE "assemblee_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assemblee_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"coproprietaire_id" uuid NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"prev_digest" text NOT NULL,
	"digest" text NOT NULL,
	"receipt_key" text
);
--> statement-breakpoint
ALTER TABLE "assemblee_participants" ADD COLUMN "attendance" text;--> statement-breakpoint
ALTER TABLE "assemblee_participants" ADD COLUMN "tantiemes" jsonb;--> statement-breakpoint
ALTER TABLE "assemblees" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assemblees" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "resolutions" ADD COLUMN "amended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "resolutions" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "signature_tokens" ADD COLUMN "record_id" uuid;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "record_id" uuid;--> statement-breakpoint
ALTER TABLE "assemblee_records" ADD CONSTRAINT "assemblee_records_assemblee_id_assemblees_id_fk" FOREIGN KEY ("assemblee_id") REFERENCES "public"."assemblees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assemblee_records" ADD CONSTRAINT "assemblee_records_coproprietaire_id_coproprietaires_id_fk" FOREIGN KEY ("coproprietaire_id") REFERENCES "public"."coproprietaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assemblee_records_seq" ON "assemblee_records" USING btree ("assemblee_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "assemblee_records_current_ballot" ON "assemblee_records" USING btree ("assemblee_id","coproprietaire_id") WHERE kind = 'ballot' and current;--> statement-breakpoint
CREATE UNIQUE INDEX "resolutions_ag_external" ON "resolutions" USING btree ("assemblee_id","external_id");