import { describe, expect, it } from 'vitest';
import { describingTextIssue, toolCallIssue } from './conversation-fields';
import { conversationLimitIssues, FIELD_LIMITS } from './conversation-limits';

// The shared checks every way in uses (files, the REST API, a deepeval-shaped API): deepeval's field names in each path.
describe('conversationLimitIssues', () => {
  const turns = [{ role: 'user', content: 'hi' }];

  it('names each field over its limit, and nothing within them', () => {
    expect(conversationLimitIssues({ chatbotRole: 'r'.repeat(FIELD_LIMITS.chatbotRoleChars), scenario: 's'.repeat(FIELD_LIMITS.scenarioChars), turns })).toEqual([]);
    expect(
      conversationLimitIssues({
        chatbotRole: 'r'.repeat(FIELD_LIMITS.chatbotRoleChars + 1),
        userDescription: 'u'.repeat(FIELD_LIMITS.userDescriptionChars + 1),
        availableTools: Array.from({ length: FIELD_LIMITS.toolCallsPerTurn + 1 }, (_, i) => ({ name: `t${i}` })),
        turns: [{ content: 'ok', toolsCalled: [{ name: 'x', output: 'o'.repeat(FIELD_LIMITS.toolCallChars) }], metadata: { m: 'm'.repeat(FIELD_LIMITS.metadataChars) } }],
      }).map((i) => [i.path.join('.'), i.message]),
    ).toEqual([
      ['chatbot_role', 'chatbot_role has 50,001 characters: at most 50,000 are accepted'],
      ['user_description', 'user_description has 20,001 characters: at most 20,000 are accepted'],
      ['available_tools', '101 tool calls: at most 100 are accepted'],
      ['turns.0.tools_called.0', expect.stringMatching(/^the tool call written as JSON has 100,0\d\d characters: at most 100,000 are accepted$/)],
      ['turns.0.additional_metadata', expect.stringMatching(/^metadata written as JSON has 100,0\d\d characters: at most 100,000 are accepted$/)],
    ]);
  });

  it('uses the turn limits it is given (TURNWISE_MAX_TURNS, TURNWISE_MAX_TURN_CHARS)', () => {
    const limits = { maxTurns: 2, maxTurnChars: 5 };
    expect(conversationLimitIssues({ turns: [{ content: '123456', retrievalContext: ['ok', 'too long'] }] }, limits).map((i) => i.path.join('.'))).toEqual(['turns.0.content', 'turns.0.retrieval_context.1']);
    expect(conversationLimitIssues({ turns: [{ content: '' }, { content: '' }, { content: '' }] }, limits)[0].message).toMatch(/3 turns: at most 2 are accepted \(TURNWISE_MAX_TURNS\)/);
  });
});

describe('field types', () => {
  it('describing texts are text or absent', () => {
    expect(describingTextIssue('a role')).toBeNull();
    expect(describingTextIssue(null)).toBeNull();
    expect(describingTextIssue(7)).toBe('expected text, found a number');
    expect(describingTextIssue({ role: 'x' })).toBe('expected text, found an object');
  });

  it('a tool call is an object with a name', () => {
    expect(toolCallIssue({ name: 'search', input_parameters: {} })).toBeNull();
    expect(toolCallIssue('search')).toEqual({ path: [], message: 'expected a tool: an object with a name, found a string' });
    expect(toolCallIssue({ Name: ' ' })).toEqual({ path: ['Name'], message: 'a tool needs a name (text), found an empty string' });
  });
});
