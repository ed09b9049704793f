import { Signal } from '@lumino/signaling';

import { filePath, keepSessionPath } from '../sessionpath';

class FakeSession {
  constructor(public path: string) {}
  setPath = jest.fn(async (path: string) => {
    this.path = path;
  });
}

function panelAt(path: string) {
  const panel = {
    context: { path },
    sessionContext: {
      session: null as FakeSession | null,
      sessionChanged: new Signal<object, void>({})
    },
    /** A session arrives (JupyterLab's SessionContext has started or found one). */
    arrive(session: FakeSession | null) {
      panel.sessionContext.session = session;
      panel.sessionContext.sessionChanged.emit();
    }
  };
  return panel;
}

describe('keepSessionPath', () => {
  it('moves a session left at the old path of a notebook renamed while its kernel started', () => {
    const panel = panelAt('dir/Untitled.ipynb');
    keepSessionPath(panel);
    panel.context.path = 'dir/named.ipynb'; // renamed: no session yet for JupyterLab to move
    const session = new FakeSession('dir/Untitled.ipynb');
    panel.arrive(session);
    expect(session.setPath).toHaveBeenCalledWith('dir/named.ipynb');
    expect(session.path).toBe('dir/named.ipynb');
  });

  it('leaves a session at the notebook path alone, a drive prefix aside', () => {
    const panel = panelAt('RTC:dir/a.ipynb');
    const session = new FakeSession('dir/a.ipynb');
    panel.sessionContext.session = session;
    keepSessionPath(panel); // a session there already
    panel.arrive(session);
    panel.arrive(null); // shut down
    expect(session.setPath).not.toHaveBeenCalled();
  });

  it('checks a session already there when it starts watching', () => {
    const panel = panelAt('b.ipynb');
    const session = new FakeSession('a.ipynb');
    panel.sessionContext.session = session;
    keepSessionPath(panel);
    expect(session.setPath).toHaveBeenCalledWith('b.ipynb');
  });
});

describe('filePath', () => {
  it('drops a drive prefix and outer slashes, as the server does', () => {
    expect(filePath('RTC:dir/a.ipynb')).toBe('dir/a.ipynb');
    expect(filePath('/dir/a.ipynb')).toBe('dir/a.ipynb');
    expect(filePath('dir/a:b.ipynb')).toBe('dir/a:b.ipynb');
  });
});
