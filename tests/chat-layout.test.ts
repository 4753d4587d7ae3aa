import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChatTranscript } from '@/components/datasets/chat-transcript';
import { ConversationTurn } from '@/components/runs/conversation/conversation-turn';

// The import preview, the dataset's conversation view and a run's conversation view draw a turn the same way.
const turns = [
  { role: 'user' as const, content: 'Can I return my headphones?' },
  { role: 'assistant' as const, content: 'Yes, within 30 days.' },
];
const side = (html: string) => (/class="flex (justify-end|justify-start)"/.exec(html) ?? [])[1];
const unjudged = (turnIndex: number) => ({ turnIndex, state: 'unjudged' as const, colour: '#fff', failing: false, chips: [], retrieval: { state: null, failing: false, chips: [] } });

describe('one chat layout', () => {
  it('puts the user on the right and the assistant on the left in the import preview and in a run’s conversation view alike', () => {
    const preview = turns.map((t) => renderToStaticMarkup(createElement(ChatTranscript, { turns: [t] })));
    const run = turns.map((t, index) =>
      renderToStaticMarkup(
        createElement(ConversationTurn, {
          turn: { index, role: t.role, content: t.content, retrievalContext: [], context: [], expectedOutput: null, labels: {} },
          verdicts: unjudged(index),
          selected: false,
          reviews: { runId: 'r1', conversationId: 'c1', byMetric: {} },
        }),
      ),
    );
    expect(preview.map(side)).toEqual(['justify-end', 'justify-start']);
    expect(run.map(side)).toEqual(['justify-end', 'justify-start']);
  });
});
