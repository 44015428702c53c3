import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { statement } from '../../src/server/db/db';
import { splitSql } from '../../src/server/db/migrate';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database';

/** Named statements, as the session lookup uses them, on the driver under test. */
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.dispose());

const BY_EMAIL = statement(
  'test_user_by_email',
  `SELECT id, email, created_at FROM users WHERE lower(email) = lower($1) AND created_at < $2 AND ($3::int IS NULL OR id = $3)`,
);

describe('named statements', () => {
  test('answer as the same text does through a plain query, call after call', async () => {
    const { db } = database;
    const params = ['AGENT@demo.test', new Date(Date.now() + 86_400_000), null];
    const plain = await db.query(BY_EMAIL.text, params);
    expect(plain.rows).toHaveLength(1);
    for (let i = 0; i < 3; i++) expect((await db.query(BY_EMAIL, params)).rows).toEqual(plain.rows);
    const id = (plain.rows[0] as { id: number }).id;
    expect((await db.query(BY_EMAIL, ['agent@demo.test', new Date(Date.now() + 86_400_000), id + 1])).rows).toEqual([]);
  });

  test('inside a transaction they see its writes; outside they never run inside another’s', async () => {
    const { db } = database;
    const email = `named-${process.pid}@test.test`;
    const later = new Date(Date.now() + 86_400_000);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const inserted = new Promise<void>((resolve) => (written = resolve));
    let insideSaw = -1;
    const tx = db
      .transaction(async (q) => {
        await q.query(
          `INSERT INTO users (email, password_hash, role) VALUES ($1, 'x', 'user')`,
          [email],
        );
        insideSaw = (await q.query(BY_EMAIL, [email, later, null])).rows.length;
        written();
        await gate;
        throw new Error('roll back');
      })
      .catch((e: Error) => e.message);
    // Started while the transaction is open: PGlite makes it wait for the end, PostgreSQL
    // runs it beside; either way it must not see the uncommitted row.
    await inserted;
    const outside = db.query(BY_EMAIL, [email, later, null]);
    await new Promise<void>((resolve) => setImmediate(resolve));
    release();
    expect(await tx).toBe('roll back');
    expect(insideSaw).toBe(1);
    expect((await outside).rows).toEqual([]);
  });

  test('two texts under one name are refused', () => {
    expect(() => statement(BY_EMAIL.name, 'SELECT 1')).toThrow(/Two statements are named/);
  });
});

describe('migration scripts', () => {
  test('a dollar-quoted function body stays one statement', () => {
    const script = `-- a comment; not a statement
CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('c', 'x');
  RETURN NULL;
END
$$;
CREATE TABLE t (id int);
`;
    const statements = splitSql(script);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/^CREATE FUNCTION[\s\S]*RETURN NULL;\nEND\n\$\$$/);
    expect(statements[1]).toBe('CREATE TABLE t (id int)');
  });
});
