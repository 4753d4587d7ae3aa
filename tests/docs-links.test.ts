import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeBrokenLinks, findBrokenLinks, headingAnchors, linkTargets } from '../scripts/docs/doc-links';

/*
 * The README is a short front page and the rest of the documentation lives in docs/ by task:
 * every link between them must land, every docs page must be reachable from the README, and
 * the README must stay short.
 */

const root = path.resolve(import.meta.dirname, '..');
const docsPages = readdirSync(path.join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`)
  .sort();
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

describe('the documentation', () => {
  it('has no broken relative link or anchor in README.md and docs/*.md', () => {
    const broken = findBrokenLinks(root, ['README.md', ...docsPages]);
    expect(describeBrokenLinks(broken)).toBe('');
  });

  it('links every docs page from README.md', () => {
    const linked = new Set(linkTargets(readme).map((href) => href.split('#')[0]));
    expect(docsPages.length).toBeGreaterThan(10);
    expect(docsPages.filter((page) => !linked.has(page))).toEqual([]);
  });

  it('keeps README.md under 200 lines', () => {
    expect(readme.split('\n').length).toBeLessThan(200);
  });
});

describe('the link checker', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'doc-links-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'docs'));
  writeFileSync(
    path.join(dir, 'docs', 'guide.md'),
    [
      '# Guide',
      '## Set up (`npm run dashboard`)',
      '## From "something regressed" to the turn that broke',
      '## Limits',
      '### Limits',
      '```sh',
      '[not a link](missing.md)',
      '```',
    ].join('\n'),
  );
  writeFileSync(path.join(dir, 'notes.txt'), 'a file');

  it('spells anchors as GitHub does: markup and punctuation dropped, repeats numbered', () => {
    expect([...headingAnchors(readFileSync(path.join(dir, 'docs', 'guide.md'), 'utf8'))]).toEqual([
      'guide',
      'set-up-npm-run-dashboard',
      'from-something-regressed-to-the-turn-that-broke',
      'limits',
      'limits-1',
    ]);
  });

  it('names the page, line and target of each broken link, and passes the good ones', () => {
    writeFileSync(
      path.join(dir, 'README.md'),
      [
        '# Home',
        '[ok](docs/guide.md#set-up-npm-run-dashboard) [ok](docs/guide.md#limits-1) [ok](notes.txt) [ok](#home) [web](https://example.com/x.md)',
        '[gone](docs/missing.md)',
        'text [bad anchor](docs/guide.md#setup) and `[in code](nowhere.md)`',
        '![picture](docs/images/none.png) [bad here](#nowhere)',
      ].join('\n'),
    );
    expect(findBrokenLinks(dir, ['README.md', 'docs/guide.md'])).toEqual([
      { file: 'README.md', line: 3, href: 'docs/missing.md', problem: 'no such file: docs/missing.md' },
      { file: 'README.md', line: 4, href: 'docs/guide.md#setup', problem: 'no heading #setup in docs/guide.md' },
      { file: 'README.md', line: 5, href: 'docs/images/none.png', problem: 'no such file: docs/images/none.png' },
      { file: 'README.md', line: 5, href: '#nowhere', problem: 'no heading #nowhere in README.md' },
    ]);
  });
});
