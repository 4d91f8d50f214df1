CREATE TABLE "carnets_entretien" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"syndic_id" uuid NOT NULL,
	"copropriete_id" uuid NOT NULL,
	"construction_year" integer,
	"insurance_contracts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"maintenance_contracts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"major_works" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"works_plan" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carnets_entretien_copropriete_id_unique" UNIQUE("copropriete_id")
);
--> statement-breakpoint
ALTER TABLE "carnets_entretien" ADD CONSTRAINT "carnets_entretien_syndic_id_syndics_id_fk" FOREIGN KEY ("syndic_id") REFERENCES "public"."syndics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carnets_entretien" ADD CONSTRAINT "carnets_entretien_copropriete_id_coproprietes_id_fk" FOREIGN KEY ("copropriete_id") REFERENCES "public"."coproprietes"("id") ON DELETE cascade ON UPDATE no action;