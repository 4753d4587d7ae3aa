'use client';

import { Button } from '@/components/ui/button';

export interface Remembered {
  savedAt: Date;
  /** False once the person chose the guess instead. */
  active: boolean;
}

/** Says that the columns are mapped as the last file with the same headers was, and offers the guess instead. */
export function RememberedMappingNote({ remembered, onReset }: { remembered: Remembered; onReset: () => void }) {
  if (!remembered.active) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900" data-testid="remembered-mapping">
      <p>
        Using the mapping saved for these columns on{' '}
        {remembered.savedAt.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })}.
      </p>
      <Button variant="ghost" onClick={onReset}>
        Use the guess instead
      </Button>
    </div>
  );
}
