-- Download links (issue 10): the lead and returns exports are fetched by the browser's
-- download manager with a single-use token instead of a session header. Only the token's
-- hash is kept, with who asked (the session, the user acted as, the admin behind a
-- switch) and the filters the page sent; the link works once, until expires_at.
CREATE TABLE download_links (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash        text NOT NULL UNIQUE,
  kind              text NOT NULL CHECK (kind IN ('leads', 'returns')),
  session_id        integer NOT NULL REFERENCES sessions(id),
  user_id           integer NOT NULL REFERENCES users(id),
  original_user_id  integer REFERENCES users(id),
  query             jsonb NOT NULL,
  created_at        timestamptz NOT NULL,
  expires_at        timestamptz NOT NULL,
  used_at           timestamptz
);
-- Links long expired are swept when new ones are issued.
CREATE INDEX download_links_expires_idx ON download_links (expires_at);
