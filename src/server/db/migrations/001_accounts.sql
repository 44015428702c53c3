-- Companies and the people who sign in.
CREATE TABLE companies (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE regions (
  id    integer PRIMARY KEY,
  name  text NOT NULL UNIQUE
);

CREATE TABLE region_states (
  region_id  integer NOT NULL REFERENCES regions(id),
  state      char(2) NOT NULL PRIMARY KEY
);

CREATE TABLE users (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email           text NOT NULL,
  password_hash   text NOT NULL,
  role            text NOT NULL CHECK (role IN ('user','provisional_user','regional','corporate','vendor','admin','sales','accounting','cld')),
  is_super_admin  boolean NOT NULL DEFAULT false,
  is_pro          boolean NOT NULL DEFAULT false,
  status          text NOT NULL DEFAULT 'active' CHECK (status IN ('active','inactive','archived','cancelled')),
  tos_consent     boolean NOT NULL DEFAULT false,
  first_name      text NOT NULL DEFAULT '',
  last_name       text NOT NULL DEFAULT '',
  features        text[] NOT NULL DEFAULT '{}',
  timezone        text NOT NULL DEFAULT 'America/New_York',
  agent_id        text,
  phone_number    text,
  address1        text,
  address2        text,
  city            text,
  state           char(2),
  zipcode         text,
  region_id       integer REFERENCES regions(id),
  company_id      integer REFERENCES companies(id),
  failed_logins   integer NOT NULL DEFAULT 0,
  locked_until    timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
-- Sign-in looks users up by email, case-insensitively.
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_agent_id_key ON users (agent_id) WHERE agent_id IS NOT NULL;
CREATE INDEX users_company_idx ON users (company_id);

-- Opaque session tokens, stored as SHA-256 hashes. A rotation adds a row to the same
-- family and gives the old row a short grace period.
CREATE TABLE sessions (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash         text NOT NULL UNIQUE,
  family_id          uuid NOT NULL,
  user_id            integer NOT NULL REFERENCES users(id),
  family_started_at  timestamptz NOT NULL,
  created_at         timestamptz NOT NULL,
  last_seen_at       timestamptz NOT NULL,
  grace_until        timestamptz,
  revoked_at         timestamptz
);
CREATE INDEX sessions_family_idx ON sessions (family_id);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- One-time keys sent by mail or handed to another system: password reset, SSO, terms.
CREATE TABLE access_keys (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key_hash    text NOT NULL UNIQUE,
  purpose     text NOT NULL CHECK (purpose IN ('reset','sso','tos')),
  user_id     integer NOT NULL REFERENCES users(id),
  created_by  integer REFERENCES users(id),
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX access_keys_user_idx ON access_keys (user_id);

-- Fixed-window counters for throttling, shared by every server instance.
CREATE TABLE rate_limits (
  key           text NOT NULL,
  window_start  timestamptz NOT NULL,
  count         integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limits_window_idx ON rate_limits (window_start);

-- Captcha challenges already used, so a solved captcha works once.
CREATE TABLE captcha_used (
  challenge_id  text PRIMARY KEY,
  used_at       timestamptz NOT NULL
);
CREATE INDEX captcha_used_at_idx ON captcha_used (used_at);

-- Mail goes through this outbox: written in the same transaction as its cause, sent by
-- a poller (FOR UPDATE SKIP LOCKED), or kept for the admin mailbox when there is no SMTP.
CREATE TABLE mail_outbox (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address  text NOT NULL,
  subject     text NOT NULL,
  text_body   text NOT NULL,
  status      text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued','sent','kept')),
  attempts    integer NOT NULL DEFAULT 0,
  last_error  text,
  created_at  timestamptz NOT NULL,
  sent_at     timestamptz
);
CREATE INDEX mail_outbox_queued_idx ON mail_outbox (id) WHERE status = 'queued';
CREATE INDEX mail_outbox_to_idx ON mail_outbox (lower(to_address), id DESC);

-- Who did what, and as whom (an admin switched into a user is recorded as the original).
CREATE TABLE audit_log (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at                timestamptz NOT NULL,
  user_id           integer REFERENCES users(id),
  original_user_id  integer REFERENCES users(id),
  action            text NOT NULL,
  detail            jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_user_idx ON audit_log (user_id, at DESC);
