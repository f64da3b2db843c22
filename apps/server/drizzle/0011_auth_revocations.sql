-- Hand-written: every change that ends or alters a signed-in principal is announced on the realtime channel
-- (platform/realtime.ts, 'taxportal_events'), delivered at commit to every app server, which drops it from its
-- principal cache (platform/auth/principal-cache.ts). Triggers, so that no writer can forget: sign-out, password
-- change or reset, token revocation, role changes, deactivation, and whatever writes these tables next.
-- Payloads: {"r":{"s":<session id>}} for a session, {"r":{"u":<user id>}} for every principal of a user.
-- One function: TG_ARGV[0] is the payload's key, TG_ARGV[1] the column that holds its value.
CREATE FUNCTION auth_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('taxportal_events', json_build_object('r', json_build_object(TG_ARGV[0],
    to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[1]))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_revoked AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION auth_revoked('s', 'id');
--> statement-breakpoint
CREATE TRIGGER users_revoked AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION auth_revoked('u', 'id');
--> statement-breakpoint
CREATE TRIGGER user_roles_revoked AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION auth_revoked('u', 'user_id');
--> statement-breakpoint
-- Any change to a token but the use stamp (which the guard writes when it resolves one).
CREATE TRIGGER api_tokens_revoked AFTER UPDATE ON api_tokens
  FOR EACH ROW WHEN (OLD.last_used_at IS NOT DISTINCT FROM NEW.last_used_at)
  EXECUTE FUNCTION auth_revoked('u', 'user_id');
--> statement-breakpoint
CREATE TRIGGER api_tokens_deleted AFTER DELETE ON api_tokens FOR EACH ROW EXECUTE FUNCTION auth_revoked('u', 'user_id');
