'use client';

import { useRef, useState } from 'react';

// Paths of files dropped inside a folder (a dropped File has no webkitRelativePath).
const droppedPaths = new WeakMap<File, string>();

/** The files a drop holds, folders walked (Opik's export is a folder), each with its path inside the drop. */
async function droppedFiles(items: DataTransferItemList): Promise<File[]> {
  const entries = [...items].map((item) => item.webkitGetAsEntry?.()).filter((e): e is FileSystemEntry => !!e);
  const out: File[] = [];
  const walk = async (entry: FileSystemEntry, prefix: string): Promise<void> => {
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
      if (prefix) droppedPaths.set(file, `${prefix}${file.name}`);
      out.push(file);
      return;
    }
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
      if (batch.length === 0) break;
      for (const child of batch) await walk(child, `${prefix}${entry.name}/`);
    }
  };
  for (const entry of entries) await walk(entry, '');
  return out;
}

/** A file's path inside the folder it was chosen with (its name for a file chosen alone). */
export const pathOf = (file: File): string => droppedPaths.get(file) ?? (file.webkitRelativePath || file.name);

/**
 * A drop zone that is also a file picker (click, or keyboard on the buttons): one file, several
 * files, a zip archive, or a folder (an `opik export` folder, Langfuse's exports side by side).
 */
export function FileDrop({ onFiles, compact = false }: { onFiles: (files: File[]) => void; compact?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (list: FileList | null | undefined) => {
    const files = list ? [...list] : [];
    if (files.length > 0) onFiles(files);
  };
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
        const hasFolder = [...e.dataTransfer.items].some((item) => item.webkitGetAsEntry?.()?.isDirectory);
        if (hasFolder) void droppedFiles(e.dataTransfer.items).then((files) => files.length > 0 && onFiles(files));
        else take(e.dataTransfer.files);
      }}
      className={`flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed text-center transition-colors ${
        compact ? 'px-4 py-4' : 'px-6 py-14'
      } ${over ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-white'}`}
    >
      {compact ? null : <p className="text-base font-medium text-slate-800">Drop a dataset file or folder here</p>}
      <p className="text-sm text-slate-600">
        {compact ? 'Drop another file here, or ' : ''}
        <button type="button" onClick={() => input.current?.click()} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          {compact ? 'choose another file' : 'or choose files'}
        </button>
        {' or '}
        <button type="button" onClick={() => folder.current?.click()} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          a folder
        </button>
      </p>
      {compact ? null : (
        <p className="max-w-xl text-xs text-slate-500">
          deepeval JSON / JSONL / CSV, OpenAI chat JSONL, ShareGPT, CSV with one row per turn, Mastra cases, Langfuse exports and session downloads, an Opik export folder or zip, chat
          messages with a thread id — detected from the content
        </p>
      )}
      <input
        ref={input}
        type="file"
        multiple
        aria-label="Dataset file"
        accept=".json,.jsonl,.ndjson,.csv,.tsv,.txt,.zip,application/json,text/csv,application/zip"
        className="sr-only"
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
      <input
        ref={folder}
        type="file"
        aria-label="Dataset folder"
        className="sr-only"
        {...{ webkitdirectory: '', directory: '' }}
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
    </div>
  );
}
