ALTER TABLE "ticket_reads" ALTER COLUMN "last_read_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_reads" ADD COLUMN "seen_all" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_reads" ADD COLUMN "seen_public" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "public_message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (not generated) from here on: the triggers that keep the counts whoever writes a message, and the
-- backfill (docs/decisions/0023). Unread for a viewer = tickets.message_count (staff) or public_message_count
-- (customers) − their ticket_reads.seen_all / seen_public. A new message is unread for everyone but its author,
-- whose seen counts take it in the same statement. Statement-level, so a bulk insert updates each ticket once.
CREATE FUNCTION ticket_messages_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Gone from a ticket: out of its counts, and out of the seen counts of whoever had seen it (its author, or
    -- anyone who had read past it). Kept within 0..the ticket's counts.
    UPDATE tickets t SET message_count = t.message_count - g.n_all, public_message_count = t.public_message_count - g.n_public
    FROM (SELECT ticket_id, count(*)::int AS n_all, (count(*) FILTER (WHERE NOT internal))::int AS n_public
          FROM old_rows GROUP BY ticket_id) g
    WHERE t.id = g.ticket_id;
    UPDATE ticket_reads r
    SET seen_all = greatest(least(r.seen_all - g.n_all, t.message_count), 0),
        seen_public = greatest(least(r.seen_public - g.n_public, t.public_message_count), 0)
    FROM (SELECT r2.user_id, r2.ticket_id, count(*)::int AS n_all, (count(*) FILTER (WHERE NOT o.internal))::int AS n_public
          FROM old_rows o JOIN ticket_reads r2 ON r2.ticket_id = o.ticket_id
          WHERE o.author_id = r2.user_id OR o.created_at <= r2.last_read_at
          GROUP BY r2.user_id, r2.ticket_id) g, tickets t
    WHERE r.user_id = g.user_id AND r.ticket_id = g.ticket_id AND t.id = r.ticket_id;
  ELSE
    UPDATE tickets t SET message_count = t.message_count + g.n_all, public_message_count = t.public_message_count + g.n_public
    FROM (SELECT ticket_id, count(*)::int AS n_all, (count(*) FILTER (WHERE NOT internal))::int AS n_public
          FROM new_rows GROUP BY ticket_id) g
    WHERE t.id = g.ticket_id;
    INSERT INTO ticket_reads AS r (user_id, ticket_id, last_read_at, seen_all, seen_public)
    SELECT author_id, ticket_id, NULL, count(*)::int, (count(*) FILTER (WHERE NOT internal))::int
    FROM new_rows WHERE author_id IS NOT NULL GROUP BY author_id, ticket_id
    ON CONFLICT (user_id, ticket_id) DO UPDATE
    SET seen_all = r.seen_all + excluded.seen_all, seen_public = r.seen_public + excluded.seen_public;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Writers of one ticket's conversation queue on the ticket's row before their message goes in. Without it, two
-- concurrent posts each took the foreign key's share lock on the ticket, then each waited for the other to update
-- its counts: a deadlock (found by unread-counts.test.ts on PostgreSQL).
CREATE FUNCTION ticket_messages_lock_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM tickets WHERE id = NEW.ticket_id FOR NO KEY UPDATE;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ticket_messages_lock_ticket BEFORE INSERT OR UPDATE OF ticket_id ON ticket_messages
FOR EACH ROW EXECUTE FUNCTION ticket_messages_lock_ticket();
--> statement-breakpoint
-- A trigger with transition tables takes one event, hence two.
CREATE TRIGGER ticket_messages_count_insert AFTER INSERT ON ticket_messages
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_messages_count();
--> statement-breakpoint
CREATE TRIGGER ticket_messages_count_delete AFTER DELETE ON ticket_messages
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_messages_count();
--> statement-breakpoint
-- A message moved to another ticket, turned internal or public, or given another author leaves and arrives
-- again (row by row: a trigger with transition tables cannot name columns, and retiming created_at must not fire).
CREATE FUNCTION ticket_messages_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_public int := CASE WHEN OLD.internal THEN 0 ELSE 1 END;
  new_public int := CASE WHEN NEW.internal THEN 0 ELSE 1 END;
BEGIN
  UPDATE tickets SET message_count = message_count - 1, public_message_count = public_message_count - old_public
  WHERE id = OLD.ticket_id;
  UPDATE ticket_reads r
  SET seen_all = greatest(least(r.seen_all - 1, t.message_count), 0),
      seen_public = greatest(least(r.seen_public - old_public, t.public_message_count), 0)
  FROM tickets t
  WHERE t.id = OLD.ticket_id AND r.ticket_id = OLD.ticket_id
    AND (r.user_id = OLD.author_id OR OLD.created_at <= r.last_read_at);
  UPDATE tickets SET message_count = message_count + 1, public_message_count = public_message_count + new_public
  WHERE id = NEW.ticket_id;
  IF NEW.author_id IS NOT NULL THEN
    INSERT INTO ticket_reads AS r (user_id, ticket_id, last_read_at, seen_all, seen_public)
    VALUES (NEW.author_id, NEW.ticket_id, NULL, 1, new_public)
    ON CONFLICT (user_id, ticket_id) DO UPDATE
    SET seen_all = r.seen_all + 1, seen_public = r.seen_public + excluded.seen_public;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ticket_messages_count_update AFTER UPDATE OF ticket_id, internal, author_id ON ticket_messages
FOR EACH ROW WHEN (OLD.ticket_id IS DISTINCT FROM NEW.ticket_id OR OLD.internal IS DISTINCT FROM NEW.internal
                   OR OLD.author_id IS DISTINCT FROM NEW.author_id)
EXECUTE FUNCTION ticket_messages_count_moved();
--> statement-breakpoint
-- Backfill, with today's rule: a message is seen by its author, and by whoever read the ticket at or after it.
UPDATE tickets t SET message_count = c.n_all, public_message_count = c.n_public
FROM (SELECT ticket_id, count(*)::int AS n_all, (count(*) FILTER (WHERE NOT internal))::int AS n_public
      FROM ticket_messages GROUP BY ticket_id) c
WHERE t.id = c.ticket_id;
--> statement-breakpoint
INSERT INTO ticket_reads (user_id, ticket_id, last_read_at)
SELECT DISTINCT author_id, ticket_id, NULL::timestamptz FROM ticket_messages WHERE author_id IS NOT NULL
ON CONFLICT (user_id, ticket_id) DO NOTHING;
--> statement-breakpoint
UPDATE ticket_reads r SET seen_all = c.n_all, seen_public = c.n_public
FROM (SELECT r2.user_id, r2.ticket_id, count(*)::int AS n_all, (count(*) FILTER (WHERE NOT m.internal))::int AS n_public
      FROM ticket_reads r2 JOIN ticket_messages m ON m.ticket_id = r2.ticket_id
      WHERE m.author_id = r2.user_id OR m.created_at <= r2.last_read_at
      GROUP BY r2.user_id, r2.ticket_id) c
WHERE r.user_id = c.user_id AND r.ticket_id = c.ticket_id;
