/** The columns of a run import every step reads. */
export const runImportSelect = { id: true, projectId: true, origin: true, key: true, head: true, expected: true, received: true, status: true, error: true, updatedAt: true } as const;

export type RunImportStatus = 'receiving' | 'storing' | 'stored' | 'failed';

export interface RunImportRow {
  id: string;
  projectId: string;
  origin: string;
  key: string;
  head: unknown;
  expected: number;
  received: number;
  status: string;
  error: string | null;
  updatedAt: Date;
}
