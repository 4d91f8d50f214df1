-- Card payments made before lettrage (0020) settled their debits without allocation rows, so a
-- back-office replay could reopen them. Their allocations are written now by the rule the
-- payment used (modules/payments/credit.service.ts): the request's credits first, then the card
-- amount, up to what the request's debits were due; debits settled oldest first (date, then
-- creation). The amounts are the request's own snapshot, what the payment was made against.
-- The lines' figures already include these payments (0020 copied them into the back office's
-- figure), so the payments count as acknowledged: the allocations cap a later copy, they are
-- not taken off a second time. Lines deleted since are skipped.
WITH pay AS (
  SELECT t."id" AS tx, t."amount_cents" AS card, r."debits", r."credits"
  FROM "payment_transactions" t
  JOIN "payment_requests" r ON r."id" = t."payment_request_id"
  WHERE r."status" = 'paid'
    AND NOT EXISTS (SELECT 1 FROM "payment_allocations" a WHERE a."payment_transaction_id" = t."id")
),
lines AS (
  SELECT p.tx, k.kind, l."id" AS line, greatest((e->>'amount')::int, 0) AS amount,
    row_number() OVER (PARTITION BY p.tx, k.kind ORDER BY l."date", l."created_at", l."id") AS n
  FROM pay p
  CROSS JOIN LATERAL (VALUES ('debit', p."debits"), ('credit', p."credits")) AS k(kind, items)
  CROSS JOIN LATERAL jsonb_array_elements(k.items) AS e
  JOIN "ledger_lines" l ON l."id" = (e->>'id')::uuid
),
running AS (
  SELECT *, coalesce(sum(amount) OVER (PARTITION BY tx, kind ORDER BY n ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
  FROM lines
),
due AS (
  SELECT p.tx, p.card, coalesce((SELECT sum(amount) FROM lines d WHERE d.tx = p.tx AND d.kind = 'debit'), 0) AS due
  FROM pay p
),
used AS (
  SELECT r.tx, r.line, greatest(0, least(r.amount, due.due - r.before)) AS share
  FROM running r JOIN due ON due.tx = r.tx
  WHERE r.kind = 'credit'
),
settle AS (
  SELECT due.tx, least(due.due, coalesce((SELECT sum(share) FROM used u WHERE u.tx = due.tx), 0) + due.card) AS total
  FROM due
),
paid AS (
  SELECT r.tx, r.line, greatest(0, least(r.amount, s.total - r.before)) AS share
  FROM running r JOIN settle s ON s.tx = r.tx
  WHERE r.kind = 'debit'
),
ins AS (
  INSERT INTO "payment_allocations" ("payment_transaction_id", "ledger_line_id", "amount_cents")
  SELECT tx, line, share FROM used WHERE share > 0
  UNION ALL
  SELECT tx, line, share FROM paid WHERE share > 0
  RETURNING "payment_transaction_id"
)
UPDATE "payment_transactions" SET "acknowledged_at" = now()
WHERE "acknowledged_at" IS NULL AND "id" IN (SELECT "payment_transaction_id" FROM ins);
