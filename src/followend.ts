/**
 * FollowEnd: whether the transcript keeps its end in view as content arrives, decided from
 * positions alone, so slow rendering cannot turn it off.
 *
 * A scroll event is handled after the scroll that caused it, often after more content has
 * arrived: read then, the position of our own scroll to the end looks like the user's scroll
 * up. So only a position above the one we scrolled to (and not at the end) is the user's.
 */

/** How close to the end (px) still counts as at the end. */
export const END_SLACK = 24;

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

  /** The view scrolled (by us, the browser or the user): `scrollTop` is where it is now. */
  scrolled(
    scrollTop: number,
    scrollHeight: number,
    clientHeight: number
  ): void {
    if (scrollHeight - scrollTop - clientHeight < END_SLACK) {
      this._following = true;
    } else if (this._placed === null || scrollTop < this._placed - 1) {
      this._following = false;
      this._placed = null;
    }
  }

  /** The user asked to go to the end (e.g. "new messages"). */
  resume(): void {
    this._following = true;
  }

  private _following = true;
  /** The position we last scrolled to while following; null once the user left the end. */
  private _placed: number | null = null;
}
