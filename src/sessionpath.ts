/**
 * A notebook's kernel session carries the notebook's current path.
 *
 * JupyterLab moves a session to a renamed notebook's new path only if the session already
 * exists: a notebook renamed while its kernel is still starting (a new notebook named right
 * away) gets a session left at the old path (JupyterLab 4.6: the document context skips a
 * null session, and the SessionContext then sets the path it was made with;
 * jupyterlab/jupyterlab#8289 is the same race for the session's name). The server then knows
 * no kernel for the notebook, so every request of its chat is refused with wrong_kernel, and
 * another tab opening the notebook (with real-time collaboration, the same document) finds no
 * session for it and starts a second kernel. So once a session arrives, it is moved to the
 * notebook's path if it is somewhere else.
 */

/** What of a notebook panel this needs (a NotebookPanel has it). */
export interface ISessionPathPanel {
  readonly context: { readonly path: string };
  readonly sessionContext: {
    readonly session: {
      readonly path: string;
      setPath(path: string): Promise<void>;
    } | null;
    readonly sessionChanged: {
      connect(slot: () => void, thisArg?: unknown): boolean;
    };
  };
}

/** Keeps the panel's session at the panel's path from now on. */
export function keepSessionPath(panel: ISessionPathPanel): void {
  const check = () => {
    const session = panel.sessionContext.session;
    const path = panel.context.path;
    if (session && filePath(session.path) !== filePath(path)) {
      session.setPath(path).catch(reason => {
        console.warn(
          `gptinterp: the session of ${path} stays at ${session.path}`,
          reason
        );
      });
    }
  };
  panel.sessionContext.sessionChanged.connect(check);
  check();
}

/** A path without a drive prefix ('RTC:a/b.ipynb' is 'a/b.ipynb'), as the server compares them. */
export function filePath(path: string): string {
  const colon = path.indexOf(':');
  if (colon > 0 && !path.slice(0, colon).includes('/')) {
    path = path.slice(colon + 1);
  }
  return path.replace(/^\/+|\/+$/g, '');
}
