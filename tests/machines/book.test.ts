import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../machines/index';
import { BOOK_COMMAND, BOOK_DIR, bookFiles } from '../../machines/workbench/book';

/** The committed book (docs/machines/) is what the machines draw today. */
describe('the machine book', () => {
  it('is up to date with every machine (SVG, Mermaid, index)', async () => {
    const files = await bookFiles(MACHINES, new ELK());
    const stale = Object.entries(files)
      .filter(([name, text]) => !existsSync(join(BOOK_DIR, name)) || readFileSync(join(BOOK_DIR, name), 'utf8') !== text)
      .map(([name]) => name);
    const extra = existsSync(BOOK_DIR) ? readdirSync(BOOK_DIR).filter((f) => !(f in files)) : [];
    expect(
      [...stale, ...extra],
      `${BOOK_DIR}/ is stale: a machine changed (or was added) and its export was not regenerated. Run \`${BOOK_COMMAND}\` and commit ${BOOK_DIR}/.`,
    ).toEqual([]);
    // ELK lays every machine out: about 1 s alone, much longer on a machine shared with other work.
  }, 90_000);
});
