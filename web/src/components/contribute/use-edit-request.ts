import { useEffect, useEffectEvent, useState } from 'react';
import { draftFromSubmission, type SubmissionDraft, t } from '@sciai/core';
import { fetchMySubmission } from '../../data/submissions.ts';

/**
 * Opens `/contribute?edit=<id>`: loads the user's own submission that came back with
 * 'changes requested' into the wizard (once; the draft then lives in storage like any other).
 */
export function useEditRequest(editId: string | null, editing: string | null, load: (draft: SubmissionDraft) => void) {
  const [error, setError] = useState<string | null>(null);
  // `load` is a new function every render; the request depends only on which submission is asked for.
  const loadDraft = useEffectEvent(load);
  useEffect(() => {
    if (!editId || editId === editing) return;
    let cancelled = false;
    fetchMySubmission(editId)
      .then((submission) => {
        if (cancelled) return;
        if (!submission || submission.status !== 'changes_requested') {
          setError('Only your own submissions with changes requested can be edited.');
          return;
        }
        setError(null);
        loadDraft(draftFromSubmission(submission));
      })
      .catch((reason: unknown) => {
        if (!cancelled) setError(reason instanceof Error ? reason.message : t('Please try again.'));
      });
    return () => {
      cancelled = true;
    };
  }, [editId, editing]);
  return { error };
}
