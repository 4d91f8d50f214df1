-- The co-owner's express consent to electronic notification (loi 1965 art. 42-1, décret 1967
-- art. 64-1): given by an explicit act, dated, revocable; a revoked consent is kept, dated too.
CREATE TABLE "consentements_notification_electronique" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coproprietaire_id" uuid NOT NULL REFERENCES "coproprietaires"("id") ON DELETE CASCADE,
	"user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"given_by" text NOT NULL CHECK ("given_by" IN ('onboarding', 'settings')),
	"revoked_at" timestamp with time zone,
	"revoked_by" text CHECK ("revoked_by" IN ('onboarding', 'settings')),
	"revoked_user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "consentements_notification_electronique_active" ON "consentements_notification_electronique" ("coproprietaire_id") WHERE "revoked_at" IS NULL;--> statement-breakpoint
-- One convocation per co-owner per assembly: its channel, the proof of sending and the first
-- presentation the 21 days run from (décret 1967 art. 9 and 64).
CREATE TABLE "assemblee_convocations" (
	"assemblee_id" uuid NOT NULL REFERENCES "assemblees"("id") ON DELETE CASCADE,
	"coproprietaire_id" uuid NOT NULL REFERENCES "coproprietaires"("id") ON DELETE CASCADE,
	"channel" text NOT NULL CHECK ("channel" IN ('lre', 'postal')),
	"consentement_id" uuid REFERENCES "consentements_notification_electronique"("id"),
	"recipient" text,
	"provider" text,
	"sending_id" text,
	"sent_at" timestamp with time zone,
	"first_presented_at" timestamp with time zone,
	"first_presentation_source" text CHECK ("first_presentation_source" IN ('provider', 'syndic', 'estimated')),
	"proof" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("assemblee_id", "coproprietaire_id")
);
