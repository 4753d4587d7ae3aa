import { describe, expect, it } from 'vitest';
import { datasetLabels } from './dataset-labels';

describe('datasetLabels', () => {
  it('adds the import time and the end of the id only to datasets that share a name', () => {
    const labels = datasetLabels([
      { id: 'cm1aaaaaa111111', name: 'Support chats', createdAt: new Date('2026-11-20T09:15:00Z') },
      { id: 'cm1bbbbbb222222', name: 'Support chats', createdAt: new Date('2026-11-24T16:40:00Z') },
      { id: 'cm1cccccc333333', name: 'Refunds', createdAt: new Date('2026-11-24T16:41:00Z') },
    ]);
    expect([...labels.values()]).toEqual(['Support chats (2026-11-20 09:15, #111111)', 'Support chats (2026-11-24 16:40, #222222)', 'Refunds']);
  });
});
