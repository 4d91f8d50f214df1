-- A co-owner record's choice of channel per kind of event; a missing row is the default.
CREATE TABLE "notification_preferences" (
	"coproprietaire_id" uuid NOT NULL REFERENCES "coproprietaires"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_pk" PRIMARY KEY ("coproprietaire_id", "kind", "channel")
);
