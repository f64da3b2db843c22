CREATE TABLE "ticket_daily_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "tickets_updated_idx";--> statement-breakpoint
CREATE INDEX "tickets_open_unassigned_idx" ON "tickets" USING btree ("created_at","id") WHERE "tickets"."status" = 'Open' and "tickets"."assignee_id" is null;--> statement-breakpoint
-- Hand-written from here on (Drizzle cannot express INCLUDE, operator classes on expressions or triggers).
-- Recency order for every unfiltered list, covering what a search and the usual filters read, so a
-- search can scan the most recent tickets without visiting the table.
CREATE INDEX "tickets_recent_idx" ON "tickets" USING btree ("updated_at","id") INCLUDE ("search_text","status","customer_id","assignee_id");--> statement-breakpoint
-- Phone search by trailing digits ("555 0142", "(310) 555-0142", "+13105550142" all find +13105550142):
-- a prefix match on the reversed digits.
CREATE INDEX "tickets_phone_suffix_idx" ON "tickets" USING btree ((reverse(regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g'))) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_phone_suffix_idx" ON "users" USING btree ((reverse(regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g'))) text_pattern_ops);--> statement-breakpoint
CREATE FUNCTION tickets_count_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE ticket_daily_counts SET n = n - 1 WHERE day = (OLD.created_at AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO ticket_daily_counts AS c (day, n) VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, 1)
    ON CONFLICT (day) DO UPDATE SET n = c.n + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tickets_day_count AFTER INSERT OR DELETE ON tickets
FOR EACH ROW EXECUTE FUNCTION tickets_count_day();
--> statement-breakpoint
CREATE TRIGGER tickets_day_count_moved AFTER UPDATE OF created_at ON tickets
FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION tickets_count_day();
--> statement-breakpoint
INSERT INTO ticket_daily_counts (day, n) SELECT (created_at AT TIME ZONE 'UTC')::date, count(*) FROM tickets GROUP BY 1;
