-- Hand-written: a second factor turned on or off changes what the guard lets a staff member do (a staff member
-- without one may only set one up), so the principal cache must drop the user at once, as for a role change
-- (0011_auth_revocations). Not on the stamps written at every sign-in (last_step, counter, last_used_at).
CREATE TRIGGER user_totp_revoked AFTER INSERT OR DELETE ON user_totp
  FOR EACH ROW EXECUTE FUNCTION auth_revoked('u', 'user_id');
--> statement-breakpoint
CREATE TRIGGER user_totp_enabled AFTER UPDATE ON user_totp
  FOR EACH ROW WHEN (OLD.enabled_at IS DISTINCT FROM NEW.enabled_at)
  EXECUTE FUNCTION auth_revoked('u', 'user_id');
--> statement-breakpoint
CREATE TRIGGER passkeys_revoked AFTER INSERT OR DELETE ON passkeys
  FOR EACH ROW EXECUTE FUNCTION auth_revoked('u', 'user_id');
