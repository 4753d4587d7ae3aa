import { describe, expect, it } from 'vitest';
import { turnWindow } from './turn-pages';

describe('turnWindow', () => {
  it('shows a page of turns: the asked page, the page of a linked turn, or the first', () => {
    expect(turnWindow(250, {})).toEqual({ page: 1, pageCount: 3, from: 0, to: 100 });
    expect(turnWindow(250, { turns: '3' })).toEqual({ page: 3, pageCount: 3, from: 200, to: 250 });
    expect(turnWindow(250, { turn: '100' })).toEqual({ page: 2, pageCount: 3, from: 100, to: 200 });
    expect(turnWindow(250, { turn: '99' })).toMatchObject({ page: 1 });
    expect(turnWindow(250, { turn: '0' })).toMatchObject({ page: 1 });
    expect(turnWindow(250, { turns: '99' })).toMatchObject({ page: 3 });
    expect(turnWindow(250, { turns: 'x', turn: '-1' })).toMatchObject({ page: 1 });
    expect(turnWindow(0, {})).toEqual({ page: 1, pageCount: 1, from: 0, to: 0 });
  });
});
