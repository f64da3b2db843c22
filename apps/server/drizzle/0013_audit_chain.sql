-- The audit log's hash chain (docs/decisions/0014). Hand-written: functions, a deferred constraint trigger and
-- the backfill of the rows written before the chain existed.
--
-- An entry's hash: sha256 over the previous entry's hash followed by the entry's canonical content, a JSON array
-- of its fields in a fixed order (jsonb's text form is deterministic; the time as integer microseconds since the
-- epoch, so no time zone or format setting changes it). The one definition: the trigger, the rechain and the
-- verifier (platform/audit.ts) all call it.
CREATE OR REPLACE FUNCTION audit_log_entry_hash(prev_hash text, e audit_log) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(prev_hash || jsonb_build_array(
    e.seq, e.id, e.actor_id, e.action, e.entity_type, e.entity_id, e.ip, e.user_agent, e.meta,
    (extract(epoch FROM e.created_at) * 1000000)::bigint
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Chains one new entry, at its transaction's commit: locks the head row (so writers on any number of app servers
-- chain one after another; the lock is held only for the commit, after every other lock the transaction took, so
-- it cannot deadlock with them), gives the entry the next seq and its hashes, moves the head. A missing head
-- (an emptied table) starts a new chain from the genesis hash.
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain%ROWTYPE;
  e audit_log%ROWTYPE;
BEGIN
  INSERT INTO audit_chain (id, seq, hash) VALUES (1, 0, repeat('0', 64)) ON CONFLICT (id) DO NOTHING;
  SELECT * INTO head FROM audit_chain WHERE id = 1 FOR UPDATE;
  SELECT * INTO e FROM audit_log WHERE id = NEW.id;
  IF NOT FOUND OR e.hash IS NOT NULL THEN
    RETURN NULL;
  END IF;
  e.seq := head.seq + 1;
  e.prev_hash := head.hash;
  e.hash := audit_log_entry_hash(head.hash, e);
  UPDATE audit_log SET seq = e.seq, prev_hash = e.prev_hash, hash = e.hash WHERE id = e.id;
  UPDATE audit_chain SET seq = e.seq, hash = e.hash WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_log_chain AFTER INSERT ON audit_log
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
--> statement-breakpoint
-- Recomputes the chain from one seq on (entries keep their seq and order) and moves the head. For the demo
-- sample, which re-dates its own entries after writing them, and for the backfill below. Never on a chain that
-- verification found broken: that would launder the tampering.
CREATE OR REPLACE FUNCTION audit_log_rechain(from_seq bigint) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain%ROWTYPE;
  e audit_log%ROWTYPE;
  prev text;
  n bigint := 0;
BEGIN
  INSERT INTO audit_chain (id, seq, hash) VALUES (1, 0, repeat('0', 64)) ON CONFLICT (id) DO NOTHING;
  SELECT * INTO head FROM audit_chain WHERE id = 1 FOR UPDATE;
  SELECT hash INTO prev FROM audit_log WHERE seq < from_seq AND seq IS NOT NULL ORDER BY seq DESC LIMIT 1;
  prev := coalesce(prev, repeat('0', 64));
  FOR e IN SELECT * FROM audit_log WHERE seq >= from_seq ORDER BY seq LOOP
    e.prev_hash := prev;
    e.hash := audit_log_entry_hash(prev, e);
    UPDATE audit_log SET prev_hash = e.prev_hash, hash = e.hash WHERE id = e.id;
    prev := e.hash;
    n := n + 1;
    head.seq := e.seq;
  END LOOP;
  IF n > 0 THEN
    UPDATE audit_chain SET seq = head.seq, hash = prev WHERE id = 1;
  END IF;
  RETURN n;
END
$$;
--> statement-breakpoint
-- The entries written before the chain: chained in id order (the order they were written).
UPDATE audit_log AS a SET seq = o.n FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM audit_log) AS o
  WHERE a.id = o.id;
--> statement-breakpoint
SELECT audit_log_rechain(1);
