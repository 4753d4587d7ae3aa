import { describe, expect, it } from 'vitest';
import { prepareVerdictMap } from './prepare-verdict-map';
import { CELL_STYLES } from './verdict-palette';

const hrefFor = (id: string, turn?: number) => (turn === undefined ? `/c/${id}` : `/c/${id}?turn=${turn}#turn-${turn}`);

const conversations = [
  { id: 'a', label: 'Refunds', roles: ['user', 'assistant', 'user', 'assistant'] },
  { id: 'b', label: 'Shipping', roles: ['user', 'assistant'] },
];
const verdicts = [
  { conversationId: 'a', metric: 'conversation_relevancy', turnIndex: 1, verdict: 'yes' },
  { conversationId: 'a', metric: 'turn_faithfulness', turnIndex: 1, verdict: 'idk' },
  { conversationId: 'a', metric: 'conversation_relevancy', turnIndex: 3, verdict: 'yes' },
  { conversationId: 'a', metric: 'knowledge_retention', turnIndex: 3, verdict: 'no' },
  { conversationId: 'a', metric: 'turn_faithfulness', turnIndex: 3, verdict: 'yes' },
];

describe('prepareVerdictMap', () => {
  it('colours each turn by the worst verdict across metrics, links it to the turn, and says which metric failed it', () => {
    const map = prepareVerdictMap({ conversations, verdicts, metric: null, hrefFor });
    expect(map.colouredBy).toBe('Worst verdict across metrics');
    expect(map.columns).toEqual(['1', '2', '3', '4']);
    const [a] = map.rows;
    expect(a.href).toBe('/c/a');
    expect(a.cells.map((c) => c?.state)).toEqual(['user', 'idk', 'user', 'no']);
    expect(a.cells[3]).toMatchObject({ colour: CELL_STYLES.no.colour, href: '/c/a?turn=3#turn-3' });
    expect(a.cells[3]!.title).toBe('Turn 4 (assistant): failed — Knowledge retention (3 metrics judged it)');
    expect(a.cells[1]!.colour).toBe(CELL_STYLES.idk.colour);
  });

  it('draws the verdicts on a turn’s retrieval context as a strip under it, not as the reply’s colour', () => {
    const map = prepareVerdictMap({
      conversations: [{ id: 'r', label: 'RAG', roles: ['user', 'assistant'] }],
      verdicts: [
        { conversationId: 'r', metric: 'conversation_relevancy', turnIndex: 1, verdict: 'yes' },
        { conversationId: 'r', metric: 'turn_contextual_relevancy', turnIndex: 1, verdict: 'no' },
      ],
      metric: null,
      hrefFor,
    });
    const cell = map.rows[0].cells[1]!;
    expect(cell).toMatchObject({ state: 'yes', colour: CELL_STYLES.yes.colour, retrieval: { state: 'no', colour: CELL_STYLES.no.colour } });
    expect(cell.title).toBe('Turn 2 (assistant): passed; its retrieval context: failed — Turn contextual relevancy');
    const alone = prepareVerdictMap({ conversations: [{ id: 'r', label: 'RAG', roles: ['user', 'assistant'] }], verdicts: [{ conversationId: 'r', metric: 'turn_contextual_relevancy', turnIndex: 1, verdict: 'no' }], metric: 'turn_contextual_relevancy', hrefFor });
    expect(alone.rows[0].cells[1]).toMatchObject({ state: 'unjudged', retrieval: { state: 'no' } });
    expect(alone.colouredBy).toMatch(/on the retrieval context/);
  });

  it('colours by one metric when one is selected', () => {
    const map = prepareVerdictMap({ conversations, verdicts, metric: 'conversation_relevancy', hrefFor });
    expect(map.colouredBy).toBe('Conversation relevancy');
    expect(map.rows[0].cells.map((c) => c?.state)).toEqual(['user', 'yes', 'user', 'yes']);
  });

  it('leaves a gap past a conversation\'s last turn and marks assistant turns no metric judged', () => {
    const map = prepareVerdictMap({ conversations, verdicts, metric: null, hrefFor });
    const b = map.rows[1];
    expect(b.cells).toHaveLength(4);
    expect(b.cells[2]).toBeNull();
    expect(b.cells[3]).toBeNull();
    expect(b.cells[1]).toMatchObject({ state: 'unjudged', colour: CELL_STYLES.unjudged.colour });
  });

  it('has a legend with every state, worst first, and keeps a minimum width', () => {
    const map = prepareVerdictMap({ conversations: [], verdicts: [], metric: null, hrefFor, minColumns: 6 });
    expect(map.legend.map((l) => l.state)).toEqual(['no', 'error', 'idk', 'yes', 'unjudged', 'user']);
    expect(map.columns).toHaveLength(6);
    expect(map.rows).toEqual([]);
  });
});

describe('prepareVerdictMap: errored units', () => {
  it('draws a turn the judge failed on as an error cell, not a failure, unless a metric failed it', () => {
    const map = prepareVerdictMap({
      conversations: [{ id: 'c', label: 'c', roles: ['user', 'assistant', 'user', 'assistant'] }],
      verdicts: [
        { conversationId: 'c', metric: 'turn_faithfulness', turnIndex: 1, verdict: 'error' },
        { conversationId: 'c', metric: 'conversation_relevancy', turnIndex: 1, verdict: 'yes' },
        { conversationId: 'c', metric: 'turn_faithfulness', turnIndex: 3, verdict: 'error' },
        { conversationId: 'c', metric: 'conversation_relevancy', turnIndex: 3, verdict: 'no' },
      ],
      metric: null,
      hrefFor: (id) => `/c/${id}`,
    });
    expect(map.rows[0].cells.map((c) => c?.state)).toEqual(['user', 'error', 'user', 'no']);
    expect(map.rows[0].cells[1]?.title).toContain('judge error');
  });
});
