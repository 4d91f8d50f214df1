CREATE TABLE "assemblee_proxies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assemblee_id" uuid NOT NULL,
	"mandant_id" uuid NOT NULL,
	"mandataire_id" uuid,
	"mandataire_name" text NOT NULL,
	"mandataire_email" text,
	"instructions" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"file_id" uuid NOT NULL,
	"document_sha256" text NOT NULL,
	"sign_token_id" uuid,
	"accept_token_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "assemblee_proxies" ADD CONSTRAINT "assemblee_proxies_assemblee_id_assemblees_id_fk" FOREIGN KEY ("assemblee_id") REFERENCES "public"."assemblees"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "assemblee_proxies" ADD CONSTRAINT "assemblee_proxies_mandant_id_coproprietaires_id_fk" FOREIGN KEY ("mandant_id") REFERENCES "public"."coproprietaires"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "assemblee_proxies" ADD CONSTRAINT "assemblee_proxies_mandataire_id_coproprietaires_id_fk" FOREIGN KEY ("mandataire_id") REFERENCES "public"."coproprietaires"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "assemblee_proxies" ADD CONSTRAINT "assemblee_proxies_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "assemblee_proxies" ADD CONSTRAINT "assemblee_proxies_sign_token_id_signature_tokens_id_fk" FOREIGN KEY ("sign_token_id") REFERENCES "public"."signature_tokens"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "assemblee_proxies" ADD CONSTRAINT "assemblee_proxies_accept_token_id_signature_tokens_id_fk" FOREIGN KEY ("accept_token_id") REFERENCES "public"."signature_tokens"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "assemblee_proxies_assemblee" ON "assemblee_proxies" USING btree ("assemblee_id");
--> statement-breakpoint
CREATE INDEX "assemblee_proxies_mandataire" ON "assemblee_proxies" USING btree ("mandataire_id");
