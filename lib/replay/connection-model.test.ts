import { describe, expect, it } from 'vitest';
import { modelForConnection } from './connection-model';

describe('the model a replay form shows for a stored connection', () => {
  it('is the connection’s default (its first model) when none was typed or the typed one is not among its models', () => {
    expect(modelForConnection('', ['gpt-4.1-mini', 'gpt-4.1'])).toBe('gpt-4.1-mini');
    expect(modelForConnection('llama3', ['gpt-4.1-mini', 'gpt-4.1'])).toBe('gpt-4.1-mini');
  });

  it('keeps a typed model the connection lists, and anything typed for a connection that lists none', () => {
    expect(modelForConnection('gpt-4.1', ['gpt-4.1-mini', 'gpt-4.1'])).toBe('gpt-4.1');
    expect(modelForConnection('my-model', [])).toBe('my-model');
  });
});
