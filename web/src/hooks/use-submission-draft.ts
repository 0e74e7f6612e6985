import { useCallback, useEffect, useState } from 'react';
import { createEmptyDraft, parseStoredDraft, type SubmissionDraft, type WizardStep } from '@sciai/core';

export interface WizardProgress {
  draft: SubmissionDraft;
  step: WizardStep;
  /** The submission being edited after changes were requested, else null (a new one). */
  editing: string | null;
}

const draftKey = (userId: string) => `sciai:contribute:${userId}:draft`;
const metaKey = (userId: string) => `sciai:contribute:${userId}:progress`;

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function readProgress(userId: string): WizardProgress {
  const draft = parseStoredDraft(readStorage(draftKey(userId)));
  let step: WizardStep = 0;
  let editing: string | null = null;
  try {
    const meta: unknown = JSON.parse(readStorage(metaKey(userId)) ?? '{}');
    if (typeof meta === 'object' && meta !== null) {
      const stored = 'step' in meta ? meta.step : 0;
      if (stored === 1 || stored === 2 || stored === 3) step = stored;
      if ('editing' in meta && typeof meta.editing === 'string') editing = meta.editing;
    }
  } catch {
    // an unreadable progress record starts the wizard at step 1
  }
  return { draft, step, editing };
}

/**
 * The wizard's draft, step and edit target, kept in localStorage per user so a reload or a
 * visit elsewhere loses nothing (docs/product.md#contribute-outcome), and never shown to another account on this browser.
 * Mount it under `key={userId}`: the state is read once, for one user.
 */
export function useSubmissionDraft(userId: string) {
  const [progress, setProgress] = useState<WizardProgress>(() => readProgress(userId));

  useEffect(() => {
    try {
      window.localStorage.setItem(draftKey(userId), JSON.stringify(progress.draft));
      window.localStorage.setItem(metaKey(userId), JSON.stringify({ step: progress.step, editing: progress.editing }));
    } catch {
      // storage full or disabled: the wizard still works, only without surviving a reload
    }
  }, [userId, progress]);

  const reset = useCallback(() => setProgress({ draft: createEmptyDraft(), step: 0, editing: null }), []);
  return { progress, setProgress, reset };
}
