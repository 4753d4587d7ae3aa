import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Conversation } from '../domain/conversation';
import type { MetricResult } from '../domain/metric-result';
import { selectionApplies, type MetricSelection } from '../metrics/selected-metric';
import { addLabelPairs, agreementOf, type LabelPair } from './eval-agreement';
import { evalTableLayout, evalTableWidths, reportConversationLabel, reportMetric, type EvalReport, type EvalReportMetric } from './eval-report';

/** What follows the conversations in the JSON report. */
export interface EvalReportEnd {
  usage: EvalReport['usage'];
  agreement?: ReturnType<typeof agreementOf>;
  comparison?: unknown;
}

export interface EvalReportStream {
  /** A result of conversation `conversation` for the metric at `metric` in the selection, as it finishes, in any order. */
  add(conversation: number, metric: number, result: MetricResult): void;
  /** Some result failed its threshold or errored. */
  failed(): boolean;
  /** The judge's agreement with the labels of the file, from the results added. */
  agreement(): ReturnType<typeof agreementOf>;
  /** Ends the report: what follows the conversations. */
  finish(end: EvalReportEnd): void;
  /** The table's text (header and rows, no trailing newline), in pieces. */
  table(): AsyncIterable<string>;
  /** The JSON report's text, as JSON.stringify(report, null, 2) writes it and a newline, in pieces. */
  json(): AsyncIterable<string>;
  /** The file the JSON report is in, once finished. */
  readonly jsonFile: string;
  /** Removes its files. */
  close(): void;
}

const indent = (text: string, pad: string): string => pad + text.replace(/\n/g, `\n${pad}`);

/**
 * The report of `turnwise eval`, written as results come in rather than built at the end from
 * every result kept: each conversation's part goes, in dataset order, to a file of the table
 * and one of the JSON report as soon as it and those before it are complete, and only what the
 * report shows of a result is held until then. Memory stays flat in the number of
 * conversations; the text is the same as formatEvalTable and JSON.stringify(report, null, 2)
 * give for the whole report (the table's column widths are known ahead from the labels and
 * metrics the rows will have).
 */
export function createEvalReportStream(conversations: readonly Conversation[], metrics: readonly MetricSelection[]): EvalReportStream {
  const expected = conversations.map((c) => metrics.filter((m) => selectionApplies(m, c)).length);
  const layout = evalTableLayout(
    evalTableWidths(
      conversations.flatMap((c, i) => (expected[i] > 0 ? [reportConversationLabel(c, i)] : [])),
      metrics.filter((m) => conversations.some((c) => selectionApplies(m, c))).map((m) => m.name),
    ),
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'turnwise-eval-report-'));
  const tableFile = path.join(dir, 'table.txt');
  const jsonFile = path.join(dir, 'report.json');
  const tableFd = openSync(tableFile, 'w');
  const jsonFd = openSync(jsonFile, 'w');
  const held = new Map<number, ([string, EvalReportMetric] | undefined)[]>();
  const pairs: LabelPair[] = [];
  let next = 0;
  let failed = false;
  writeSync(tableFd, layout.header);
  writeSync(jsonFd, '{\n  "conversations": [');

  function emit(ci: number): void {
    const entries = (held.get(ci) ?? []).filter((e): e is [string, EvalReportMetric] => e !== undefined);
    held.delete(ci);
    const id = reportConversationLabel(conversations[ci], ci);
    for (const [metric, entry] of entries) writeSync(tableFd, `\n${layout.row(id, metric, entry)}`);
    writeSync(jsonFd, `${ci === 0 ? '\n' : ',\n'}${indent(JSON.stringify({ id, metrics: Object.fromEntries(entries) }, null, 2), '    ')}`);
  }

  function emitReady(all = false): void {
    while (next < conversations.length && (all || (held.get(next)?.filter(Boolean).length ?? 0) === expected[next])) emit(next++);
  }

  emitReady();
  return {
    add(ci, mi, result) {
      let entries = held.get(ci);
      if (!entries) held.set(ci, (entries = []));
      entries[mi] = [result.metric, reportMetric(result)];
      addLabelPairs(pairs, conversations[ci], result);
      if (!result.success) failed = true;
      emitReady();
    },
    failed: () => failed,
    agreement: () => agreementOf(pairs),
    finish(end) {
      // Results that never came (none, when the evaluation ended normally) are left out, as a null result is.
      emitReady(true);
      const tail: [string, unknown][] = [['usage', end.usage], ...(end.agreement ? [['agreement', end.agreement] as [string, unknown]] : []), ...(end.comparison ? [['comparison', end.comparison] as [string, unknown]] : [])];
      writeSync(jsonFd, `${conversations.length === 0 ? ']' : '\n  ]'}${tail.map(([key, value]) => `,\n  ${JSON.stringify(key)}: ${JSON.stringify(value, null, 2).replace(/\n/g, '\n  ')}`).join('')}\n}\n`);
      closeSync(tableFd);
      closeSync(jsonFd);
    },
    table: () => createReadStream(tableFile, { encoding: 'utf8' }),
    json: () => createReadStream(jsonFile, { encoding: 'utf8' }),
    jsonFile,
    close() {
      for (const fd of [tableFd, jsonFd]) {
        try {
          closeSync(fd);
        } catch {
          // closed by finish already
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
