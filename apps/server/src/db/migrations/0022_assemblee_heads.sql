CREATE TABLE "assemblee_heads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assemblee_id" uuid NOT NULL,
	"event" text NOT NULL,
	"count" integer NOT NULL,
	"digest" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signature" text NOT NULL,
	"key_fingerprint" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assemblee_heads" ADD CONSTRAINT "assemblee_heads_assemblee_id_assemblees_id_fk" FOREIGN KEY ("assemblee_id") REFERENCES "public"."assemblees"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "assemblee_heads_assemblee" ON "assemblee_heads" USING btree ("assemblee_id","signed_at");
