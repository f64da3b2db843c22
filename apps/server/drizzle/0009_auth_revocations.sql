-- Hand-written: every change that ends or alters a signed-in principal is announced on the realtime channel
-- (platform/realtime.ts, 'taxportal_events'), delivered at commit to every app server, which drops it from its
-- principal cache (platform/auth/principal-cache.ts). Triggers, so that no writer can forget: sign-out, password
-- change or reset, token revocation, role changes, deactivation, and whatever writes these tables next.
-- Payloads: {"r":{"s":<session id>}} for a session, {"r":{"u":<user id>}} for every principal of a user.
CREATE FUNCTION auth_revoke_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('taxportal_events', json_build_object('r', json_build_object('s', OLD.id))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_revoked AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION auth_revoke_session();
--> statement-breakpoint
CREATE FUNCTION auth_revoke_user() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  who text;
BEGIN
  IF TG_OP = 'DELETE' THEN who := OLD.id; ELSE who := NEW.id; END IF;
  PERFORM pg_notify('taxportal_events', json_build_object('r', json_build_object('u', who))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_revoked AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION auth_revoke_user();
--> statement-breakpoint
CREATE FUNCTION auth_revoke_user_of() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  who text;
BEGIN
  IF TG_OP = 'DELETE' THEN who := OLD.user_id; ELSE who := NEW.user_id; END IF;
  PERFORM pg_notify('taxportal_events', json_build_object('r', json_build_object('u', who))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_roles_revoked AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION auth_revoke_user_of();
--> statement-breakpoint
-- Any change to a token but the use stamp (which the guard writes when it resolves one).
CREATE TRIGGER api_tokens_revoked AFTER UPDATE ON api_tokens
  FOR EACH ROW WHEN (OLD.last_used_at IS NOT DISTINCT FROM NEW.last_used_at)
  EXECUTE FUNCTION auth_revoke_user_of();
--> statement-breakpoint
CREATE TRIGGER api_tokens_deleted AFTER DELETE ON api_tokens FOR EACH ROW EXECUTE FUNCTION auth_revoke_user_of();
