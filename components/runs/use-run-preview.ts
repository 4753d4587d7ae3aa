'use client';

import { useEffect, useRef, useState } from 'react';
import { previewRunAction } from '@/lib/actions/runs';
import { type RunPreview } from '@/lib/runs/request/preview-run';
import { type RunRequestInput } from '@/lib/runs/request/run-request';
import type { FieldErrors } from '@/components/ui/form-styles';

/** The server's estimate for the current input, asked again 400 ms after the last change. */
interface PreviewState {
  data: RunPreview | null;
  loading: boolean;
  error: string | null;
  fieldErrors?: FieldErrors;
}

export function useRunPreview(input: RunRequestInput): PreviewState {
  const [state, setState] = useState<PreviewState>({ data: null, loading: true, error: null });
  const latest = useRef(0);
  // Concurrency and the version label change nothing in the estimate: no new request for them.
  const key = JSON.stringify({ ...input, concurrency: 1, modelVersion: undefined });
  useEffect(() => {
    const request = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(async () => {
      const parsed = JSON.parse(key) as RunRequestInput;
      if (parsed.metrics.length === 0) {
        setState({ data: null, loading: false, error: null });
        return;
      }
      try {
        const result = await previewRunAction(parsed);
        if (request !== latest.current) return;
        if (result.ok && result.preview) setState({ data: result.preview, loading: false, error: null });
        else
          setState({
            data: null,
            loading: false,
            error: result.message ?? 'Fix the highlighted fields to see the estimate.',
            fieldErrors: result.fieldErrors,
          });
      } catch {
        if (request === latest.current) setState((s) => ({ ...s, loading: false, error: 'The estimate could not be computed.' }));
      }
    }, 400);
    return () => clearTimeout(timer);
  }, [key]);
  return state;
}
