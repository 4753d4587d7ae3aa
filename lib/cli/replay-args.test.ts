import { describe, expect, it } from 'vitest';
import { parseReplayArgs } from './replay-args';

describe('parseReplayArgs', () => {
  it('turns the flags into the API’s replay request', () => {
    const args = parseReplayArgs(['ds1', '--target-base-url', 'http://127.0.0.1:8000/v1', '--model', 'm', '--api-key-env', 'TARGET_KEY', '--temperature', '0.3', '--model-version', 'v2', '--metrics', 'a,b', '--judge', 'offline', '--compare-with', 'run1']);
    expect(args).toMatchObject({
      source: 'ds1',
      compareWith: 'run1',
      request: {
        target: { kind: 'openai', baseUrl: 'http://127.0.0.1:8000/v1', model: 'm', apiKeyEnv: 'TARGET_KEY', temperature: 0.3 },
        mode: 'teacher-forced',
        modelVersion: 'v2',
        evaluate: { metrics: ['a', 'b'], judge: { kind: 'offline' }, compareWith: 'run1' },
      },
    });
    expect(parseReplayArgs(['ds1', '--target-http', 'http://127.0.0.1:9000/turn', '--secret-env', 'S', '--model-version', 'v']).request.target).toEqual({ kind: 'http', url: 'http://127.0.0.1:9000/turn', secretEnv: 'S' });
  });

  it('asks for a simulated user with its judge and its bound of exchanges', () => {
    const args = parseReplayArgs(['ds1', '--target-base-url', 'http://127.0.0.1:8000/v1', '--model', 'm', '--model-version', 'v2', '--mode', 'simulated-user', '--max-turns', '6', '--judge-name', 'local', '--judge-model', 'j']);
    expect(args.request).toMatchObject({ mode: 'simulated-user', maxTurns: 6, judge: { kind: 'openai', name: 'local', model: 'j' } });
    expect(args.request.evaluate).toBeUndefined();
  });

  it('asks for samples per turn', () => {
    expect(parseReplayArgs(['ds1', '--target-base-url', 'http://127.0.0.1:8000/v1', '--model', 'm', '--model-version', 'v2', '--samples', '3']).request.samples).toBe(3);
    expect(() => parseReplayArgs(['ds1', '--target-base-url', 'http://x/v1', '--model', 'm', '--model-version', 'v', '--samples', 'many'])).toThrow(/--samples: must be a number/);
  });

  it('refuses bad input naming the flag', () => {
    expect(() => parseReplayArgs(['ds1', '--target-base-url', 'http://x/v1', '--model-version', 'v'])).toThrow(/--model: name the model/);
    expect(() => parseReplayArgs(['ds1', '--model', 'm', '--model-version', 'v'])).toThrow(/give one target/);
    expect(() => parseReplayArgs(['ds1', '--target-base-url', 'http://x/v1', '--model', 'm'])).toThrow(/--model-version/);
    expect(() => parseReplayArgs(['ds1', '--target-base-url', 'http://x/v1', '--model', 'm', '--model-version', 'v', '--temperature', 'hot'])).toThrow(/--temperature: must be a number/);
    expect(() => parseReplayArgs(['--model', 'm'])).toThrow(/dataset id or a dataset file/);
  });
});
