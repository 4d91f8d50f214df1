-- Signalements (requests and incidents) of co-owners, their 'moi aussi' and their timeline.
CREATE TABLE "signalements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"syndic_id" uuid NOT NULL REFERENCES "syndics"("id") ON DELETE cascade,
	"copropriete_id" uuid NOT NULL REFERENCES "coproprietes"("id") ON DELETE cascade,
	"author_id" uuid NOT NULL REFERENCES "coproprietaires"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"place" text NOT NULL,
	"lot_id" uuid REFERENCES "lots"("id") ON DELETE set null,
	"description" text NOT NULL,
	"visibility" text NOT NULL,
	"status" text DEFAULT 'NOUVEAU' NOT NULL,
	"planned_on" date,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supporters" integer DEFAULT 0 NOT NULL,
	"carnet_travaux_ref" text,
	"carnet_travaux_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "signalements_copro" ON "signalements" ("copropriete_id", "created_at");--> statement-breakpoint
CREATE INDEX "signalements_syndic_updated" ON "signalements" ("syndic_id", "updated_at", "id");--> statement-breakpoint
CREATE TABLE "signalement_supporters" (
	"signalement_id" uuid NOT NULL REFERENCES "signalements"("id") ON DELETE cascade,
	"coproprietaire_id" uuid NOT NULL REFERENCES "coproprietaires"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("signalement_id", "coproprietaire_id")
);
--> statement-breakpoint
CREATE TABLE "signalement_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"signalement_id" uuid NOT NULL REFERENCES "signalements"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"status" text,
	"planned_on" date,
	"text" text,
	"by" text NOT NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "signalement_events_of" ON "signalement_events" ("signalement_id", "created_at");
