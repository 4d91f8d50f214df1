-- Loi 1965 art. 42-1 as rewritten by loi 2024-322: notifications are electronic unless the
-- co-owner asks for the post, at any time and by any means giving a date certaine. One row per
-- request, withdrawn by dating it, never deleted; at most one in force per record. Each
-- convocation keeps the request it went by post under.
CREATE TABLE "demandes_voie_postale" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "coproprietaire_id" uuid NOT NULL REFERENCES "coproprietaires"("id") ON DELETE CASCADE,
  "received_at" timestamp with time zone NOT NULL,
  "made_by" text NOT NULL,
  "user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "withdrawn_at" timestamp with time zone,
  "withdrawn_by" text,
  "withdrawn_user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "demandes_voie_postale_active" ON "demandes_voie_postale" ("coproprietaire_id") WHERE "withdrawn_at" IS NULL;--> statement-breakpoint
ALTER TABLE "assemblee_convocations" ADD COLUMN "demande_postale_id" uuid REFERENCES "demandes_voie_postale"("id");--> statement-breakpoint
-- What the co-owners chose under the former text carries over. A consent withdrawn (and not given
-- again) was the co-owner's dated act against electronic notice: a request for the post from that
-- date. A switch left off with no consent ever recorded is a choice of the post without a date:
-- it holds from today. A consent in force needs nothing: electronic is now the rule.
INSERT INTO "demandes_voie_postale" ("coproprietaire_id", "received_at", "made_by", "user_id")
SELECT c."coproprietaire_id", max(c."revoked_at"), 'consent_revoked', NULL
FROM "consentements_notification_electronique" c
WHERE c."revoked_at" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "consentements_notification_electronique" a WHERE a."coproprietaire_id" = c."coproprietaire_id" AND a."revoked_at" IS NULL)
GROUP BY c."coproprietaire_id";--> statement-breakpoint
INSERT INTO "demandes_voie_postale" ("coproprietaire_id", "received_at", "made_by")
SELECT s."coproprietaire_id", now(), 'setting_off'
FROM "coproprietaire_settings" s
WHERE s."key" = 'allow-convocation-electronic' AND s."value" = '0'
  AND NOT EXISTS (SELECT 1 FROM "consentements_notification_electronique" c WHERE c."coproprietaire_id" = s."coproprietaire_id");
