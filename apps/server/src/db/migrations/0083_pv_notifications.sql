-- The procès-verbal notified to each opposant and défaillant (loi 1965 art. 42, 2e alinéa; décret
-- 1967 art. 18) through their channel of art. 42-1: one letter per co-owner and assembly, with the
-- proof of its deposit and of its first presentation, from which the two months to contest run.
CREATE TABLE IF NOT EXISTS "pv_notifications" (
  "assemblee_id" uuid NOT NULL REFERENCES "assemblees"("id") ON DELETE CASCADE,
  "coproprietaire_id" uuid NOT NULL REFERENCES "coproprietaires"("id") ON DELETE CASCADE,
  -- lre | postal
  "channel" text NOT NULL,
  "demande_postale_id" uuid REFERENCES "demandes_voie_postale"("id"),
  "recipient" text,
  -- the resolutions opposed, and those on which the co-owner was défaillant
  "grounds" jsonb NOT NULL,
  -- the sealed PV notified (its file), and the letter's record in the co-owner's space
  "pv_file_id" uuid REFERENCES "files"("id"),
  "communication_id" uuid REFERENCES "communications"("id") ON DELETE SET NULL,
  "provider" text,
  "sending_id" text,
  "sent_at" timestamp with time zone,
  "first_presented_at" timestamp with time zone,
  -- provider | syndic
  "first_presentation_source" text,
  "proof" jsonb,
  "error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("assemblee_id", "coproprietaire_id")
);
