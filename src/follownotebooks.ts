/**
 * The sidebar follows the notebook the user works in, and each chat follows its notebook
 * through renames, as does its kernel session; generated cells keep their marker as the
 * notebook changes.
 */
import type { INotebookTracker, NotebookPanel } from '@jupyterlab/notebook';

import type { ChatManager } from './chatmanager';
import type { NotebookMirror } from './notebookmirror';
import { keepSessionPath } from './sessionpath';

export function followNotebooks(
  tracker: INotebookTracker,
  manager: ChatManager,
  mirror: NotebookMirror
): void {
  const watch = (panel: NotebookPanel) => {
    mirror.watch(panel);
    // Its kernel session at its path, where the server (and another tab) looks for it.
    keepSessionPath(panel);
    // The server moves the chats of a renamed notebook; the page keeps showing its chat.
    let path = panel.context.path;
    panel.context.pathChanged.connect((_, newPath) => {
      manager.notebookMoved(path, newPath);
      path = newPath;
    });
  };
  tracker.widgetAdded.connect((_, panel) => watch(panel));
  tracker.forEach(watch);

  const show = (panel: NotebookPanel | null) => {
    if (!panel) {
      void manager.show(null);
      return;
    }
    // The chat id is in the notebook's metadata, readable once the notebook is loaded.
    void panel.context.ready.then(() => {
      if (tracker.currentWidget === panel) {
        void manager.show(panel.context.path);
      }
    });
  };
  tracker.currentChanged.connect((_, panel) => show(panel));
  show(tracker.currentWidget);
}
