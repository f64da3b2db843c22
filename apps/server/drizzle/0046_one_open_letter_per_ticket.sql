-- Letters made before the rule (docs/decisions/0036): of a ticket's open letters, the newest stays open; the others,
-- and any open beside a signed one, are voided so the index can be made.
UPDATE "engagement_letters" AS l SET "state" = 'voided', "voided_at" = now(), "updated_at" = now()
WHERE l."ticket_id" IS NOT NULL AND l."state" IN ('sent', 'viewed') AND EXISTS (
  SELECT 1 FROM "engagement_letters" AS o
  WHERE o."ticket_id" = l."ticket_id" AND o."id" <> l."id" AND (
    o."state" = 'signed' OR (o."state" IN ('sent', 'viewed') AND (o."created_at", o."id") > (l."created_at", l."id"))
  )
);--> statement-breakpoint
CREATE UNIQUE INDEX "engagement_letters_one_open_per_ticket" ON "engagement_letters" USING btree ("ticket_id") WHERE "engagement_letters"."ticket_id" is not null and "engagement_letters"."state" in ('sent', 'viewed');
