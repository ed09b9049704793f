import { FollowEnd } from '../followend';

describe('FollowEnd', () => {
  it('follows growing content to its end', () => {
    const follow = new FollowEnd();
    expect(follow.target(1000, 400)).toBe(600);
    expect(follow.target(1500, 400)).toBe(1100);
  });

  it('keeps following when its own scroll is reported after more content arrived', () => {
    const follow = new FollowEnd();
    const top = follow.target(1000, 400)!; // scrolled to 600
    // Before that scroll's event is handled, a slow render adds 358 px.
    follow.scrolled(top, 1358, 400, 0);
    expect(follow.following).toBe(true);
    expect(follow.target(1358, 400)).toBe(958);
  });

  it('keeps following when content shrinks under it', () => {
    const follow = new FollowEnd();
    follow.target(2000, 400); // at 1600
    follow.scrolled(1200, 1600, 400, 0); // clamped by the browser: at the end
    expect(follow.following).toBe(true);
  });

  it('never stops on a scroll the user did not make', () => {
    const follow = new FollowEnd();
    follow.target(1000, 400); // at 600
    follow.scrolled(242, 1000, 400, 5000); // a layout change moved it, no input
    expect(follow.following).toBe(true);
    follow.input(5000);
    follow.scrolled(242, 1000, 400, 7000); // input long before
    expect(follow.following).toBe(true);
  });

  it('stops when the user scrolls up, and resumes at the end', () => {
    const follow = new FollowEnd();
    follow.target(1000, 400);
    follow.input(100);
    follow.scrolled(300, 1000, 400, 150);
    expect(follow.following).toBe(false);
    expect(follow.target(1500, 400)).toBeNull();
    // Scrolling down but not to the end is still reading.
    follow.scrolled(700, 1500, 400, 200);
    expect(follow.following).toBe(false);
    follow.scrolled(1095, 1500, 400, 250);
    expect(follow.following).toBe(true);
    expect(follow.target(1600, 400)).toBe(1200);
  });

  it('resumes on request', () => {
    const follow = new FollowEnd();
    follow.target(1000, 400);
    follow.input(0);
    follow.scrolled(0, 1000, 400, 10);
    expect(follow.following).toBe(false);
    follow.resume();
    expect(follow.target(1000, 400)).toBe(600);
  });
});
