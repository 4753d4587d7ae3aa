'use client';

import { useRef, useState } from 'react';

/** A drop zone that is also a file picker (click, or keyboard on the button). */
export function FileDrop({ onFile, compact = false }: { onFile: (file: File) => void; compact?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const file = e.dataTransfer.files[0];
        if (file) onFile(file);
      }}
      className={`flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed text-center transition-colors ${
        compact ? 'px-4 py-4' : 'px-6 py-14'
      } ${over ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-white'}`}
    >
      {compact ? null : <p className="text-base font-medium text-slate-800">Drop a dataset file here</p>}
      <p className="text-sm text-slate-600">
        {compact ? 'Drop another file here, or ' : ''}
        <button type="button" onClick={() => input.current?.click()} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          {compact ? 'choose another file' : 'or choose a file'}
        </button>
      </p>
      {compact ? null : (
        <p className="text-xs text-slate-500">
          deepeval JSON / JSONL / CSV, OpenAI chat JSONL, ShareGPT, CSV with one row per turn, Mastra cases — detected from the content
        </p>
      )}
      <input
        ref={input}
        type="file"
        aria-label="Dataset file"
        accept=".json,.jsonl,.ndjson,.csv,.tsv,.txt,application/json,text/csv"
        className="sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
    </div>
  );
}
