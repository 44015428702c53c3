-- Every change to what the session lookup reads (sessions, users, companies) is announced
-- on channel session_cache, by the database itself: no code path, raw SQL included, can
-- change a session or its user without the servers' session caches hearing of it.
-- Payloads: s:<token hash>, u:<user id>, c:<company id>, or * (drop everything).
CREATE FUNCTION notify_session_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('session_cache', '*');
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('session_cache', 's:' || OLD.token_hash);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_cache', 'u:' || OLD.id);
  ELSE
    PERFORM pg_notify('session_cache', 'c:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_notify_cache AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_cache();
CREATE TRIGGER sessions_truncate_notify_cache AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();
CREATE TRIGGER users_notify_cache AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_cache();
CREATE TRIGGER users_truncate_notify_cache AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();
CREATE TRIGGER companies_notify_cache AFTER UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION notify_session_cache();
CREATE TRIGGER companies_truncate_notify_cache AFTER TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_cache();

-- A switch into a user is audited once per session (family) and target, not per request.
CREATE UNIQUE INDEX audit_log_switch_once ON audit_log (original_user_id, user_id, (detail->>'session'))
  WHERE action = 'switch_user';
