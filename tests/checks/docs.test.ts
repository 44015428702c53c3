import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README is what a newcomer reads first: at most 150 lines, the rest in docs/. Every
 * relative link of the README and docs/ leads to a file of the repository (and to a
 * heading of it when it names one); nothing points outside the repository.
 */
const ROOT = resolve(__dirname, '../..');
const README_MAX_LINES = 150;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}
const PAGES = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string): string =>
  heading.trim().toLowerCase().replace(/[`*_]/g, '').replace(/[^\p{L}\p{N} -]/gu, '').replace(/ /g, '-');

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1])));
}

/** Links written as [text](target), outside code blocks and code spans. */
function linksOf(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

/** What is wrong with one link of `file`, or null. */
function brokenLink(file: string, link: string): string | null {
  if (/^[a-z]+:/i.test(link)) return null; // http(s), mailto: not a file of the repository
  const [path, anchor] = link.split('#');
  const target = path ? resolve(dirname(file), decodeURI(path)) : file;
  if (relative(ROOT, target).startsWith('..')) return 'points outside the repository';
  if (!existsSync(target)) return 'no such file';
  if (anchor && target.endsWith('.md') && !anchorsOf(target).has(anchor)) return `no heading #${anchor}`;
  return null;
}

describe('the README and docs/', () => {
  it(`keep the README at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('resolve every relative link to a file (and heading) of the repository', () => {
    const broken = PAGES.flatMap((file) =>
      linksOf(file).flatMap((link) => {
        const why = brokenLink(file, link);
        return why ? [`${relative(ROOT, file)}: ${link} (${why})`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('name no path outside the repository', () => {
    const outside = PAGES.filter((file) => /\.\.\/shared\b|\/work\//.test(readFileSync(file, 'utf8'))).map((f) => relative(ROOT, f));
    expect(outside).toEqual([]);
  });

  it('find a broken link, a missing heading and a path outside (the check can fail)', () => {
    const readme = join(ROOT, 'README.md');
    expect(brokenLink(readme, 'docs/no-such-page.md')).toBe('no such file');
    expect(brokenLink(readme, 'docs/settings.md#no-such-heading')).toBe('no heading #no-such-heading');
    expect(brokenLink(readme, '../outside.md')).toBe('points outside the repository');
    expect(brokenLink(readme, 'docs/settings.md#running-several-instances')).toBeNull();
    expect(anchorOf('The live calls screen (`/calls/live`; designed where it says "not shown")')).toBe(
      'the-live-calls-screen-callslive-designed-where-it-says-not-shown',
    );
  });
});
