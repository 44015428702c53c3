-- A user's failed-login count and lock are part of what the session lookup reads (the
-- who-am-I answer shows them), but they live in login_failures, keyed by email: announce
-- a change there as a change of the email's user, like the triggers of migration 004.
CREATE FUNCTION notify_session_cache_login_failures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE WHEN TG_OP = 'DELETE' THEN OLD.email ELSE NEW.email END;
  uid bigint;
BEGIN
  FOR uid IN SELECT id FROM users WHERE lower(email) = changed LOOP
    PERFORM pg_notify('session_cache', 'u:' || uid);
  END LOOP;
  RETURN NULL;
END
$$;

CREATE TRIGGER login_failures_notify_cache AFTER INSERT OR UPDATE OR DELETE ON login_failures
  FOR EACH ROW EXECUTE FUNCTION notify_session_cache_login_failures();
CREATE TRIGGER login_failures_truncate_notify_cache AFTER TRUNCATE ON login_failures
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();
