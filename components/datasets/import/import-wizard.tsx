'use client';

import { inCurrentProject } from '@/components/ui/project-link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { recallCsvMappingAction, recallThreadOptionsAction } from '@/lib/actions/csv-mappings';
import { normaliseRole, type CsvMapping, type Problem, type RoleValues } from '@/lib/datasets';
import { looksLikeTestRun, TEST_RUN_SNIFF_CHARS } from '@/lib/deepeval/test-runs/detect-test-run';
import { guessRoleValues } from '@/lib/imports/guess-role-values';
import type { PreviewOptions, PreviewSnapshot } from '@/lib/imports/preview-file';
import { formatBytes, formatCount, formatLabel, plural } from '../format-labels';
import { CarriedScores } from './carried-scores';
import { CsvMappingEditor } from './csv-mapping-editor';
import { FileDrop } from './file-drop';
import { bundleName, readableFiles, zipFiles } from './folder-zip';
import { PreviewConversations } from './preview-conversations';
import { ProblemList } from './problem-list';
import { RememberedMappingNote, type Remembered } from './remembered-mapping-note';
import { RoleValuesEditor } from './role-values-editor';
import { TestRunImport } from './test-run-import';
import { RedactionChoices, type RedactionChoice } from '@/components/redaction/redaction-choices';
import { describeCounts } from '@/lib/pii/kinds';
import { formatRedactSpec } from '@/lib/pii/redact-spec';
import { ThreadKeyEditor } from './thread-key-editor';
import { uploadDataset } from './upload-dataset';
import { useFilePreview } from './use-file-preview';

type Upload =
  | { phase: 'idle' }
  | { phase: 'sending'; share: number }
  | { phase: 'failed'; message: string; problems: Problem[]; fieldErrors?: Record<string, string[]> };

const baseName = (fileName: string) => fileName.replace(/\.(jsonl|ndjson|json|csv|tsv|txt)$/i, '');

function Field({ label, hint, error, children }: { label: string; hint?: string; error?: string; children: React.ReactNode }) {
  return (
    <label className="block space-y-1 text-sm">
      <span className="font-medium text-slate-800">{label}</span>
      {children}
      {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      {error ? <span className="block text-xs text-rose-700">{error}</span> : null}
    </label>
  );
}

function ReadingStatus({ snapshot }: { snapshot: PreviewSnapshot | null }) {
  if (snapshot?.done) return null;
  const share = snapshot && snapshot.totalBytes > 0 ? snapshot.bytesRead / snapshot.totalBytes : null;
  return (
    <div className="space-y-1">
      <ProgressBar value={share} label="Reading the file" />
      <p className="text-xs text-slate-500 tabular-nums">
        Reading in the browser… {snapshot ? `${formatBytes(snapshot.bytesRead)} of ${formatBytes(snapshot.totalBytes)}` : ''}
      </p>
    </div>
  );
}

function Summary({ files, snapshot }: { files: File[]; snapshot: PreviewSnapshot | null }) {
  const errors = snapshot?.problems.filter((p) => p.severity === 'error').length ?? 0;
  const bundle = files.length > 1 || !!files[0].webkitRelativePath;
  const name = bundle ? bundleName(files) : files[0].name;
  const read = bundle ? readableFiles(files) : files;
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
      <div className="min-w-0">
        <dt className="text-xs text-slate-500">{files[0].webkitRelativePath ? 'Folder' : files.length > 1 ? 'Files' : 'File'}</dt>
        <dd className="truncate font-medium" title={name}>
          {name}
        </dd>
        <dd className="text-xs text-slate-500">
          {bundle ? `${plural(read.length, 'JSON file')}${files.length > read.length ? ` of ${files.length}` : ''}, ` : ''}
          {formatBytes(read.reduce((n, f) => n + f.size, 0))}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">Format</dt>
        <dd data-testid="detected-format">
          {snapshot?.format ? <Badge tone="blue">{formatLabel(snapshot.format)}</Badge> : <span className="text-slate-500">{snapshot?.done ? 'not recognised' : '…'}</span>}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">Conversations{snapshot?.done ? '' : ' so far'}</dt>
        <dd className="font-medium tabular-nums" data-testid="conversation-count">
          {formatCount(snapshot?.conversations ?? 0)}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">Turns</dt>
        <dd className="font-medium tabular-nums" data-testid="turn-count">
          {formatCount(snapshot?.turns ?? 0)}
        </dd>
        {snapshot?.done && errors === 0 ? <dd className="text-xs text-emerald-700">Ready to import</dd> : null}
      </div>
    </dl>
  );
}

/**
 * Datasets → New: pick or drop a file, see what was detected (parsed in a Web Worker), map CSV
 * columns, name it and import. Nothing is stored before the import, and the server stores nothing
 * if it finds any error.
 */
export function ImportWizard({ patterns = [] }: { patterns?: { name: string; pattern: string }[] }) {
  const router = useRouter();
  const [files, setFiles] = useState<File[] | null>(null);
  const file = files?.[0] ?? null;
  const bundle = !!files && (files.length > 1 || !!files[0].webkitRelativePath);
  const [options, setOptions] = useState<PreviewOptions>({});
  const [redaction, setRedaction] = useState<RedactionChoice>({ kinds: [], patterns: [] });
  const redacting = redaction.kinds.length > 0 || redaction.patterns.length > 0;
  // The preview redacts as the import will: the saved patterns go to the worker with their sources.
  const previewOptions: PreviewOptions = redacting
    ? { ...options, redaction: { kinds: redaction.kinds, patterns: patterns.filter((p) => redaction.patterns.includes(p.name)) } }
    : options;
  const [name, setName] = useState('');
  const [modelVersion, setModelVersion] = useState('');
  const [upload, setUpload] = useState<Upload>({ phase: 'idle' });
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [remembered, setRemembered] = useState<Remembered | null>(null);
  const abort = useRef<(() => void) | null>(null);
  // A deepeval test run is no dataset to preview: its start says which it is before the preview reads it.
  const [kind, setKind] = useState<'checking' | 'dataset' | 'test-run'>('checking');
  const picked = useRef<File | null>(null);
  const { snapshot, error } = useFilePreview(kind === 'dataset' ? files : null, previewOptions);

  const pick = (picks: File[]) => {
    abort.current?.();
    const f = picks[0];
    const several = picks.length > 1 || !!f.webkitRelativePath;
    setKind(several ? 'dataset' : 'checking');
    picked.current = f;
    const settle = (found: 'dataset' | 'test-run') => picked.current === f && setKind(found);
    if (!several) {
      void f
        .slice(0, TEST_RUN_SNIFF_CHARS)
        .text()
        .then(
          (start) => settle(looksLikeTestRun(start) ? 'test-run' : 'dataset'),
          () => settle('dataset'),
        );
    }
    setFiles(picks);
    setOptions(several ? {} : { fileName: f.name });
    setName(several ? bundleName(picks) : baseName(f.name));
    setUpload({ phase: 'idle' });
    setSkipInvalid(false);
    setRemembered(null);
  };

  // A CSV whose columns were imported before: offer the mapping used then.
  const headersKey = snapshot?.csvHeaders ? JSON.stringify(snapshot.csvHeaders) : null;
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!file || !headersKey || asked.current === `${file.name}:${headersKey}`) return;
    asked.current = `${file.name}:${headersKey}`;
    void recallCsvMappingAction(JSON.parse(headersKey) as string[]).then((answer) => {
      if (!answer.ok || !answer.remembered) return;
      const saved = answer.remembered;
      setRemembered({ savedAt: new Date(saved.savedAt), active: true });
      setOptions((o) => ({ ...o, csvMapping: saved.mapping, ...(saved.roleValues ? { roleValues: saved.roleValues } : {}) }));
    });
  }, [file, headersKey]);

  // A chat log whose fields were imported before: offer the thread key and order used then.
  const threadKeys = snapshot?.thread ? JSON.stringify(snapshot.thread.keys) : null;
  const askedThread = useRef<string | null>(null);
  useEffect(() => {
    if (!file || !threadKeys || options.threadKey || askedThread.current === `${file.name}:${threadKeys}`) return;
    askedThread.current = `${file.name}:${threadKeys}`;
    void recallThreadOptionsAction(JSON.parse(threadKeys) as string[]).then((answer) => {
      if (!answer.ok || !answer.remembered) return;
      const saved = answer.remembered;
      setRemembered({ savedAt: new Date(saved.savedAt), active: true });
      setOptions((o) => ({ ...o, ...(saved.threadKey ? { threadKey: saved.threadKey } : {}), ...(saved.orderBy ? { orderBy: saved.orderBy } : {}) }));
    });
  }, [file, threadKeys, options.threadKey]);

  const done = snapshot?.done ?? false;
  const errors = snapshot?.problems.filter((p) => p.severity === 'error') ?? [];
  const unreadable = done && snapshot?.format === null;
  const sending = upload.phase === 'sending';
  const skipping = skipInvalid && errors.length > 0;
  const canImport = !!files && done && (errors.length === 0 || skipInvalid) && (snapshot?.conversations ?? 0) > 0 && name.trim() !== '' && !sending;
  // Role values the usual names do not cover (a CSV's role column, or any format's turns): the file needs them mapped.
  const roleValues = [...new Set([...(snapshot?.csvRoleValues ?? []), ...Object.keys(options.roleValues ?? {}), ...(snapshot?.unknownRoleValues ?? [])])];
  const ownRoles = roleValues.length > 0 && (options.roleValues !== undefined || roleValues.some((v) => normaliseRole(v) === null));
  // Values found and not mapped yet get the guess at once, so the problems counted are those left with it, not one per row.
  const unmapped = roleValues.filter((v) => normaliseRole(v) === null && !options.roleValues?.[v]);
  const guessing = unmapped.length > 0 && !sending;
  const unmappedKey = guessing ? JSON.stringify(roleValues) : null;
  useEffect(() => {
    if (!unmappedKey) return;
    const values = JSON.parse(unmappedKey) as string[];
    setOptions((o) => ({ ...o, roleValues: { ...guessRoleValues(values), ...o.roleValues } }));
  }, [unmappedKey]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!files || !file || !canImport) return;
    setUpload({ phase: 'sending', share: 0 });
    const csvMapping: CsvMapping | undefined = snapshot?.csvMapping ?? undefined;
    // A folder goes as one zip archive, which the server reads file by file as it arrives.
    let body: Blob = file;
    try {
      if (bundle) body = await zipFiles(files);
    } catch (zipError) {
      setUpload({ phase: 'failed', message: `The files could not be read to send them: ${zipError instanceof Error ? zipError.message : String(zipError)}`, problems: [] });
      return;
    }
    const request = uploadDataset(
      body,
      {
        name,
        modelVersion: modelVersion || undefined,
        fileName: bundle ? `${bundleName(files)}.zip` : file.name,
        csvMapping,
        roleValues: ownRoles ? options.roleValues : undefined,
        threadKey: options.threadKey,
        orderBy: options.orderBy,
        skipInvalid: skipping ? 'true' : undefined,
        redact: redacting ? formatRedactSpec(redaction) : undefined,
      },
      (share) => setUpload({ phase: 'sending', share }),
    );
    abort.current = request.abort;
    const answer = await request.done;
    abort.current = null;
    if (answer.ok) {
      router.push(inCurrentProject(`/datasets/${answer.datasetId}`));
      return;
    }
    setUpload({ phase: 'failed', message: answer.message, problems: answer.problems, fieldErrors: answer.fieldErrors });
  };

  if (!files || !file) return <FileDrop onFiles={pick} />;
  if (kind === 'test-run') return <TestRunImport file={file} onFiles={pick} />;
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-4 lg:col-span-2">
          <Card>
            <div className="space-y-4">
              <Summary files={files} snapshot={snapshot} />
              <ReadingStatus snapshot={snapshot} />
              {error ? (
                <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
                  The browser could not read this file: {error}
                </p>
              ) : null}
              {unreadable && errors[0] ? (
                <div role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
                  <p className="font-semibold">We cannot read this file.</p>
                  <p className="break-words">
                    {errors[0].message}
                    {errors[0].message.includes(`line ${errors[0].line}`) ? '' : ` (line ${errors[0].line})`}
                  </p>
                </div>
              ) : null}
            </div>
          </Card>
          {snapshot && (snapshot.scores.length > 0 || snapshot.notes.length > 0) ? (
            <Card>
              <CarriedScores snapshot={snapshot} />
            </Card>
          ) : null}
          {(snapshot?.csvHeaders && snapshot.csvMapping) || ownRoles || snapshot?.thread ? (
            <Card>
              <div className="space-y-6">
                {remembered ? (
                  <RememberedMappingNote
                    remembered={remembered}
                    onReset={() => {
                      setRemembered({ ...remembered, active: false });
                      setOptions(bundle ? {} : { fileName: file.name });
                    }}
                  />
                ) : null}
                {snapshot?.thread ? (
                  <ThreadKeyEditor
                    keys={snapshot.thread.keys}
                    threadKey={snapshot.thread.threadKey}
                    orderBy={snapshot.thread.orderBy}
                    busy={!done || sending}
                    onApply={(choice) => setOptions({ ...options, threadKey: choice.threadKey, orderBy: choice.orderBy })}
                  />
                ) : null}
                {snapshot?.csvHeaders && snapshot.csvMapping ? (
                  <CsvMappingEditor
                    headers={snapshot.csvHeaders}
                    sample={snapshot.csvSample}
                    mapping={snapshot.csvMapping}
                    busy={!done || sending}
                    onApply={(csvMapping) => setOptions({ fileName: file.name, csvMapping, roleValues: options.roleValues })}
                  />
                ) : null}
                {ownRoles ? (
                  <RoleValuesEditor
                    values={roleValues}
                    roleValues={options.roleValues ?? guessRoleValues(roleValues)}
                    applied={options.roleValues !== undefined}
                    busy={!done || sending}
                    csv={!!snapshot?.csvHeaders}
                    onApply={(map: RoleValues) => setOptions({ ...options, roleValues: map })}
                  />
                ) : null}
              </div>
            </Card>
          ) : null}
          {snapshot && snapshot.problems.length > 0 && !guessing && !(unreadable && snapshot.problems.length === 1) ? (
            <ProblemList problems={snapshot.problems} />
          ) : null}
        </div>
        <form onSubmit={submit} aria-label="Import" className="space-y-4 self-start rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:sticky lg:top-4">
          <Field label="Name" error={upload.phase === 'failed' ? upload.fieldErrors?.name?.[0] : undefined}>
            <input
              name="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={sending}
              required
              maxLength={200}
              className="w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm"
            />
          </Field>
          <div className="space-y-1.5 rounded-md bg-slate-50 p-3" data-testid="upload-redaction-choices">
            <RedactionChoices value={redaction} onChange={setRedaction} patterns={patterns} legend="Personal data (optional)" disabled={sending} />
            <p className="text-xs text-slate-500" aria-live="polite" data-testid="preview-redactions">
              {redacting
                ? snapshot?.redactions
                  ? `${snapshot.done ? 'Replaced in the file' : 'Replaced so far'}: ${describeCounts(snapshot.redactions) || 'none found'}. Replaced before anything is stored or judged.`
                  : 'Reading the file…'
                : 'Tick what to replace with placeholders before anything is stored.'}
            </p>
          </div>
          <Field label="Model version (optional)" hint="The chatbot version that produced these answers.">
            <input
              name="modelVersion"
              value={modelVersion}
              onChange={(e) => setModelVersion(e.target.value)}
              disabled={sending}
              maxLength={200}
              placeholder="e.g. support-bot 2024-06"
              className="w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm"
            />
          </Field>
          {sending ? (
            <div className="space-y-1">
              <ProgressBar value={upload.share >= 1 ? null : upload.share} label="Importing" />
              <p className="text-xs text-slate-500 tabular-nums">
                {upload.share >= 1 ? 'Saving…' : `Uploading and storing… ${Math.round(upload.share * 100)}%`}
              </p>
            </div>
          ) : null}
          {upload.phase === 'failed' ? (
            <div role="alert" className="space-y-2 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
              <p className="break-words">{upload.message}</p>
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" variant="primary" disabled={!canImport}>
              {sending ? 'Importing…' : done && (errors.length === 0 || skipInvalid) ? `Import ${plural(snapshot?.conversations ?? 0, 'conversation')}` : 'Import'}
            </Button>
            {sending ? (
              <Button variant="ghost" onClick={() => abort.current?.()}>
                Cancel
              </Button>
            ) : null}
          </div>
          {done && errors.length > 0 && (snapshot?.conversations ?? 0) > 0 ? (
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)} disabled={sending} className="mt-0.5 h-4 w-4 rounded border-slate-300" />
              <span>
                Skip invalid rows: import the {plural(snapshot?.conversations ?? 0, 'valid conversation')} and keep a note of the lines left out.
              </span>
            </label>
          ) : null}
          <p className="text-xs text-slate-500">
            {errors.length > 0 && !skipInvalid
              ? 'Fix the errors in the file first, or skip the invalid rows: a file with errors is not imported at all.'
              : skipping
                ? 'The lines with errors are left out and listed on the dataset page.'
                : 'Nothing is stored until you import.'}
          </p>
          {sending ? null : <FileDrop onFiles={pick} compact />}
        </form>
      </div>
      {upload.phase === 'failed' && upload.problems.length > 0 ? <ProblemList problems={upload.problems} /> : null}
      {snapshot && snapshot.sample.length > 0 ? <PreviewConversations conversations={snapshot.sample} total={snapshot.conversations} done={done} /> : null}
    </div>
  );
}
