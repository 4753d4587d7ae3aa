/*
 * Checks the links of the project's Markdown pages: every relative link names a file that
 * exists, and every `#anchor` into a Markdown page names one of its headings as GitHub slugs
 * them (github-slugger: lower case, punctuation dropped, spaces to hyphens, repeats numbered).
 * Links inside code blocks and code spans are not links and are not checked.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { marked, type Token, type Tokens } from 'marked';

export interface BrokenLink {
  /** The page, relative to the root given. */
  file: string;
  /** 1-based line of the link in the page (0 when it cannot be found in the text). */
  line: number;
  href: string;
  problem: string;
}

/** The text GitHub makes a heading's anchor from: what the heading shows, without its markup. */
function plainText(tokens: Token[] | undefined): string {
  return (tokens ?? [])
    .map((token) => {
      const children = (token as { tokens?: Token[] }).tokens;
      if (children?.length) return plainText(children);
      return 'text' in token && typeof token.text === 'string' ? token.text : '';
    })
    .join('');
}

/** A page's anchors, in GitHub's spelling. */
export function headingAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const token of marked.lexer(markdown)) {
    if (token.type === 'heading') anchors.add(slugger.slug(plainText((token as Tokens.Heading).tokens)));
  }
  return anchors;
}

/** The targets of a page's links and images, in order. */
export function linkTargets(markdown: string): string[] {
  const hrefs: string[] = [];
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === 'link' || token.type === 'image') hrefs.push((token as Tokens.Link | Tokens.Image).href);
  });
  return hrefs;
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

function lineOf(markdown: string, href: string): number {
  const at = markdown.indexOf(`](${href}`);
  return at === -1 ? 0 : markdown.slice(0, at).split('\n').length;
}

/** The broken links of the given pages (paths relative to root). */
export function findBrokenLinks(root: string, pages: string[]): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (file: string) => {
    let found = anchorsOf.get(file);
    if (!found) anchorsOf.set(file, (found = headingAnchors(readFileSync(file, 'utf8'))));
    return found;
  };
  for (const page of pages) {
    const file = path.join(root, page);
    const markdown = readFileSync(file, 'utf8');
    for (const href of linkTargets(markdown)) {
      if (EXTERNAL.test(href)) continue;
      const report = (problem: string) => broken.push({ file: page, line: lineOf(markdown, href), href, problem });
      const [target, anchor] = href.split('#', 2) as [string, string | undefined];
      const targetFile = target === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(target));
      if (!existsSync(targetFile)) {
        report(`no such file: ${path.relative(root, targetFile)}`);
        continue;
      }
      if (anchor === undefined || !targetFile.endsWith('.md')) continue;
      if (!anchors(targetFile).has(decodeURIComponent(anchor))) {
        report(`no heading #${anchor} in ${path.relative(root, targetFile)}`);
      }
    }
  }
  return broken;
}

/** "README.md:12: docs/x.md#y: no heading #y in docs/x.md", one line per broken link. */
export const describeBrokenLinks = (broken: BrokenLink[]): string =>
  broken.map((b) => `${b.file}:${b.line}: ${b.href}: ${b.problem}`).join('\n');
