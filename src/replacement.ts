/**
 * Whether a proposed cell replacement still applies: the fix was computed against the cell's
 * source at the time (`old_source`), so it must never overwrite an edit the user made since,
 * nor resurrect a deleted cell. Pure, so the rule is tested on its own.
 */

/**
 * current: the cell still has the source the fix was made for; changed: the user edited it;
 * deleted: no cell has that id any more; unknown: the notebook is not open in this page.
 */
export type ReplacementState = 'current' | 'changed' | 'deleted' | 'unknown';

/**
 * @param oldSource - the cell's source when the fix was proposed
 * @param currentSource - its source now; null when the cell is gone, undefined when the
 *   notebook is not open here
 */
export function replacementState(
  oldSource: string | null,
  currentSource: string | null | undefined
): ReplacementState {
  if (currentSource === undefined) {
    return 'unknown';
  }
  if (currentSource === null) {
    return 'deleted';
  }
  return currentSource === (oldSource ?? '') ? 'current' : 'changed';
}

/** Stale: accepting would overwrite the user's edit or target a deleted cell. */
export function isStale(state: ReplacementState): boolean {
  return state === 'changed' || state === 'deleted';
}

/** The notebooks' cells as the diff card needs them (OpenNotebooks in the app). */
export interface ICellSources {
  /** The cell's source; null when it is gone, undefined when the notebook is not open. */
  source(path: string, cellId: string): string | null | undefined;
  /** Call `slot` whenever the notebook at `path` changes; returns the disconnection. */
  watch(path: string, slot: () => void): () => void;
}
