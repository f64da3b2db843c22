-- Client's-year letters (no ticket) made before the rule (issue 33): of a client's open letters for a year, the newest
-- stays open; the others, and any open beside a signed one, are voided so the index can be made.
UPDATE "engagement_letters" AS l SET "state" = 'voided', "voided_at" = now(), "updated_at" = now()
WHERE l."ticket_id" IS NULL AND l."state" IN ('sent', 'viewed') AND EXISTS (
  SELECT 1 FROM "engagement_letters" AS o
  WHERE o."ticket_id" IS NULL AND o."customer_id" = l."customer_id" AND o."tax_year" = l."tax_year"
    AND o."id" <> l."id" AND (
      o."state" = 'signed' OR (o."state" IN ('sent', 'viewed') AND (o."created_at", o."id") > (l."created_at", l."id"))
    )
);--> statement-breakpoint
CREATE UNIQUE INDEX "engagement_letters_one_open_per_year" ON "engagement_letters" USING btree ("customer_id","tax_year") WHERE "engagement_letters"."ticket_id" is null and "engagement_letters"."state" in ('sent', 'viewed');