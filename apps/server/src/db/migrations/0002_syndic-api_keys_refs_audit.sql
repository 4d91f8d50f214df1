CREATE TABLE "syndic_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"syndic_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "syndic_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"syndic_id" uuid NOT NULL,
	"api_key_id" uuid,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"resource_id" uuid,
	"external_id" text,
	"changes" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "syndic_external_refs" (
	"syndic_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"external_id" text NOT NULL,
	"internal_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "syndic_external_refs_syndic_id_resource_external_id_pk" PRIMARY KEY("syndic_id","resource","external_id")
);
--> statement-breakpoint
ALTER TABLE "syndic_api_keys" ADD CONSTRAINT "syndic_api_keys_syndic_id_syndics_id_fk" FOREIGN KEY ("syndic_id") REFERENCES "public"."syndics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syndic_audit_log" ADD CONSTRAINT "syndic_audit_log_syndic_id_syndics_id_fk" FOREIGN KEY ("syndic_id") REFERENCES "public"."syndics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syndic_external_refs" ADD CONSTRAINT "syndic_external_refs_syndic_id_syndics_id_fk" FOREIGN KEY ("syndic_id") REFERENCES "public"."syndics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "syndic_api_keys_hash" ON "syndic_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "syndic_api_keys_syndic" ON "syndic_api_keys" USING btree ("syndic_id");--> statement-breakpoint
CREATE INDEX "syndic_audit_log_syndic" ON "syndic_audit_log" USING btree ("syndic_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "syndic_external_refs_internal" ON "syndic_external_refs" USING btree ("resource","internal_id");