/**
 * Numbers as the sidebar shows them: durations and file sizes.
 */

/** '4.2 s', '1 min 05 s'; with `whole`, '4 s' (a display that ticks once a second). */
export function formatElapsed(ms: number, whole = false): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 60) {
    return `${s < 10 && !whole ? s.toFixed(1) : Math.floor(s)} s`;
  }
  const min = Math.floor(s / 60);
  const sec = Math.floor(s % 60);
  return `${min} min ${String(sec).padStart(2, '0')} s`;
}

/** '12 KB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) {
    return `${bytes} B`;
  }
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
