import type { MotionClient } from '../../api/client/motion-client';
import { segmentFields } from '../../api/skeletons/skeleton-definition';
import { loadSegmentDefinition } from '../../api/skeletons/skeleton-loader';
import {
  changedFields,
  formatSegmentFields,
  parseSegmentDocument,
  type FieldChange,
  type SegmentFields,
} from './segment-document';

/**
 * What applying an edited segment document would do, worked out before anything is sent: the
 * document checked whole, the application's definition now, the fields that would change, and
 * what the application changed since the document was opened (`base`). No `vscode` import.
 */
interface ApplyPlan {
  wanted: SegmentFields;
  /** The application's definition now, as document text: the left side of the preview. */
  currentText: string;
  changes: FieldChange[];
  /** Fields the application changed since the document was opened; empty when none (or no base is known). */
  changedSince: FieldChange[];
}

export async function planSegmentApply(
  client: MotionClient,
  source: 'project' | 'measurement',
  segmentId: number,
  text: string,
  baseText?: string,
): Promise<ApplyPlan> {
  const wanted = parseSegmentDocument(text);
  const current = segmentFields(await loadSegmentDefinition(client, source, segmentId));
  const changedSince = baseText === undefined ? [] : changedFields(parseSegmentDocument(baseText), current);
  return { wanted, currentText: formatSegmentFields(current), changes: changedFields(current, wanted), changedSince };
}
