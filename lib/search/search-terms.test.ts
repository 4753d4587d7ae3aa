import { describe, expect, it } from 'vitest';
import { fts5Query, markSnippet, MATCH_END, MATCH_START, searchTerms, snippetParts, tsQuery } from './search-terms';

describe('searchTerms', () => {
  it('keeps letters and digits of any script, drops operators and quotes', () => {
    expect(searchTerms('Refund "AND( order* 1040 — café')).toEqual(['refund', 'and', 'order', '1040', 'café']);
    expect(searchTerms('" * ( ) : ^')).toEqual([]);
    expect(searchTerms('Größe NEAR/3 日本')).toEqual(['größe', 'near', '3', '日本']);
  });
  it('builds quoted FTS5 and tsquery queries with the last word as a prefix', () => {
    expect(fts5Query(['refund', 'ord'])).toBe('"refund" "ord"*');
    expect(tsQuery(['refund', 'ord'])).toBe('refund & ord:*');
  });
});

describe('snippetParts', () => {
  it('splits a snippet into plain text and matches, markup staying text', () => {
    expect(snippetParts(`…the ${MATCH_START}refund${MATCH_END} for <b>order</b> ${MATCH_START}1040${MATCH_END}`)).toEqual([
      { text: '…the ', match: false },
      { text: 'refund', match: true },
      { text: ' for <b>order</b> ', match: false },
      { text: '1040', match: true },
    ]);
    expect(snippetParts('no match')).toEqual([{ text: 'no match', match: false }]);
  });
});

describe('markSnippet', () => {
  it('marks whole words, and the last word as a prefix, in a window around the first match', () => {
    const content = `${'Lorem ipsum dolor sit amet. '.repeat(10)}Your parcel waits at the Quillfeather depot; parcels ship daily.`;
    const s = markSnippet(content, ['parcel', 'quill'], 120);
    expect(s.startsWith('…')).toBe(true);
    expect(s).toContain(`Your ${MATCH_START}parcel${MATCH_END} waits at the ${MATCH_START}Quillfeather${MATCH_END} depot`);
    // "parcel" is a whole word here, not the start of "parcels".
    expect(s).toContain(' parcels ship');
  });
  it('shows the start of the text when nothing matches as typed', () => {
    expect(markSnippet('Le café est fermé.', ['cafe'], 50)).toBe('Le café est fermé.');
  });
});
