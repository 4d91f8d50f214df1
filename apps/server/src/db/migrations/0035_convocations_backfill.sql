-- Assemblies published before convocations were recorded per co-owner get their rows back: the
-- channel the publication used then (its 'convocation' communication carrying the assembly's
-- convocation file: 'email' for a plain e-mail, else the post), sent at the publication, the first
-- presentation estimated by the rule of packages/contract/src/rules/convocation.ts (the e-mail at
-- once; the post the next jour ouvré at noon in Paris, the eleven public holidays of code du
-- travail art. L3133-1 excluded, Easter by Meeus' algorithm), flagged 'estimated'.
ALTER TABLE "assemblee_convocations" DROP CONSTRAINT IF EXISTS "assemblee_convocations_channel_check";--> statement-breakpoint
ALTER TABLE "assemblee_convocations" ADD CONSTRAINT "assemblee_convocations_channel_check" CHECK ("channel" IN ('lre', 'postal', 'email'));--> statement-breakpoint
WITH sent AS (
	SELECT a."id" AS assemblee_id, p."coproprietaire_id", a."published_at",
		(a."published_at" AT TIME ZONE 'Europe/Paris')::date AS paris_day,
		(
			SELECT c."recipient_info"
			FROM "communications" c
			JOIN "communication_attachments" ca ON ca."communication_id" = c."id"
			WHERE c."module" = 'convocation' AND c."sending_method" = 'email'
				AND c."coproprietaire_id" = p."coproprietaire_id" AND ca."file_id" = a."convocation_file_id"
			ORDER BY c."created_date" LIMIT 1
		) AS email_info
	FROM "assemblees" a
	JOIN "assemblee_participants" p ON p."assemblee_id" = a."id" AND p."is_send_convocation"
	WHERE a."published_at" IS NOT NULL
		AND NOT EXISTS (SELECT 1 FROM "assemblee_convocations" x WHERE x."assemblee_id" = a."id")
),
next_working AS (
	SELECT s.assemblee_id, s.coproprietaire_id, (
		SELECT min(d::date)
		FROM generate_series(s.paris_day + 1, s.paris_day + 12, interval '1 day') AS d
		CROSS JOIN LATERAL (SELECT extract(year FROM d)::int AS y) yr
		CROSS JOIN LATERAL (
			SELECT yr.y % 19 AS a, yr.y / 100 AS b, yr.y % 100 AS c,
				(yr.y / 100) / 4 AS dd, (yr.y / 100) % 4 AS e,
				((yr.y / 100) + 8) / 25 AS f
		) m1
		CROSS JOIN LATERAL (SELECT (m1.b - m1.f + 1) / 3 AS g) m2
		CROSS JOIN LATERAL (
			SELECT (19 * m1.a + m1.b - m1.dd - m2.g + 15) % 30 AS h, m1.c / 4 AS i, m1.c % 4 AS k
		) m3
		CROSS JOIN LATERAL (SELECT (32 + 2 * m1.e + 2 * m3.i - m3.h - m3.k) % 7 AS l) m4
		CROSS JOIN LATERAL (SELECT (m1.a + 11 * m3.h + 22 * m4.l) / 451 AS mm) m5
		CROSS JOIN LATERAL (
			SELECT make_date(
				yr.y,
				(m3.h + m4.l - 7 * m5.mm + 114) / 31,
				(m3.h + m4.l - 7 * m5.mm + 114) % 31 + 1
			) AS easter
		) m6
		WHERE extract(isodow FROM d) < 6
			AND to_char(d, 'MM-DD') NOT IN ('01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25')
			AND d::date NOT IN (m6.easter + 1, m6.easter + 39, m6.easter + 50)
	) AS day
	FROM sent s
)
INSERT INTO "assemblee_convocations" (
	"assemblee_id", "coproprietaire_id", "channel", "recipient", "sent_at",
	"first_presented_at", "first_presentation_source"
)
SELECT s.assemblee_id, s.coproprietaire_id,
	CASE WHEN s.email_info IS NOT NULL THEN 'email' ELSE 'postal' END,
	s.email_info -> 'to_addresses' ->> 0,
	s.published_at,
	CASE WHEN s.email_info IS NOT NULL THEN s.published_at
		ELSE (n.day + time '12:00') AT TIME ZONE 'Europe/Paris' END,
	'estimated'
FROM sent s
JOIN next_working n ON n.assemblee_id = s.assemblee_id AND n.coproprietaire_id = s.coproprietaire_id
ON CONFLICT DO NOTHING;
