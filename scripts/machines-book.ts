import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ELK from 'elkjs/lib/elk.bundled.js';
import { MACHINES } from '../machines/index';
import { BOOK_DIR, bookFiles } from '../machines/workbench/book';

/** npm run machines:book — writes docs/machines/ (one SVG and one Mermaid text per machine, and index.html). */
const files = await bookFiles(MACHINES, new ELK());
mkdirSync(BOOK_DIR, { recursive: true });
for (const old of readdirSync(BOOK_DIR)) if (!(old in files)) rmSync(join(BOOK_DIR, old));
for (const [name, text] of Object.entries(files)) writeFileSync(join(BOOK_DIR, name), text);
console.log(`Wrote ${Object.keys(files).length} files to ${BOOK_DIR}/: ${Object.keys(files).join(', ')}`);
