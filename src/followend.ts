/**
 * FollowEnd: whether the transcript keeps its end in view as content arrives, decided from
 * positions alone, so slow rendering cannot turn it off.
 *
 * A scroll event is handled after the scroll that caused it, often after more content has
 * arrived: read then, the position of our own scroll to the end looks like the user's scroll
 * up. So only a position above the one we scrolled to (and not at the end) is the user's, and
 * only soon after the user's own input (wheel, touch, keys, pointer): in a page slowed 8 times
 * the position alone still turned following off now and then.
 */

/** How close to the end (px) still counts as at the end. */
export const END_SLACK = 24;
/** How long after the user's input (ms) a scroll can still be theirs. */
export const INPUT_WINDOW = 1000;

export class FollowEnd {
  /** Whether new content scrolls the view to the end. */
  get following(): boolean {
    return this._following;
  }

  /**
   * The content or the viewport changed size: the scroll position to go to, or null to
   * leave the view where the user put it.
   */
  target(scrollHeight: number, clientHeight: number): number | null {
    if (!this._following) {
      return null;
    }
    this._placed = Math.max(0, scrollHeight - clientHeight);
    return this._placed;
  }

  /** The user touched the view (wheel, touch, a key, the pointer) at `now` (ms). */
  input(now: number): void {
    this._input = now;
  }

  /** The view scrolled (by us, the browser or the user): `scrollTop` is where it is now. */
  scrolled(
    scrollTop: number,
    scrollHeight: number,
    clientHeight: number,
    now: number
  ): void {
    if (scrollHeight - scrollTop - clientHeight < END_SLACK) {
      this._following = true;
    } else if (
      now - this._input < INPUT_WINDOW &&
      (this._placed === null || scrollTop < this._placed - 1)
    ) {
      this._following = false;
      this._placed = null;
    }
  }

  /** The user asked to go to the end (e.g. "new messages"). */
  resume(): void {
    this._following = true;
  }

  private _following = true;
  /** When the user last touched the view (ms). */
  private _input = -Infinity;
  /** The position we last scrolled to while following; null once the user left the end. */
  private _placed: number | null = null;
}
