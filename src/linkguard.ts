/**
 * Command links (`data-commandlinker-command`) that name this extension's commands are inert.
 * Untrusted HTML keeps data attributes, so a kernel output or the model's Markdown could dress
 * a button up as one of our actions, and JupyterLab's command linker would run it on a click
 * (after a "Run Command?" dialog a user may well confirm). None of our views uses command
 * links, so a click on one naming our commands is stopped before the linker, which listens on
 * the document's body, sees it.
 */
import type { IDisposable } from '@lumino/disposable';

const LINK = '[data-commandlinker-command]';

/** Stop clicks on command links whose command starts with `prefix`, in all of `root`. */
export function disarmCommandLinks(
  prefix: string,
  root: Document = document
): IDisposable {
  let disposed = false;
  const onClick = (event: Event) => {
    const target = event.target;
    // The linker acts on the nearest element with a command, so this checks the same one.
    const link = target instanceof Element ? target.closest(LINK) : null;
    const command = link?.getAttribute('data-commandlinker-command') ?? '';
    if (command.startsWith(prefix)) {
      event.preventDefault();
      event.stopImmediatePropagation();
      console.warn(`gptinterp: a link to ${command} in content was ignored`);
    }
  };
  root.addEventListener('click', onClick, true);
  return {
    get isDisposed() {
      return disposed;
    },
    dispose() {
      disposed = true;
      root.removeEventListener('click', onClick, true);
    }
  };
}
