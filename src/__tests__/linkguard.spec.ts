import { disarmCommandLinks } from '../linkguard';

describe('disarmCommandLinks', () => {
  it('stops clicks on links to our commands before the document body sees them', () => {
    document.body.innerHTML = `
      <div class="output">
        <button id="ours" data-commandlinker-command="gptinterp:approve"><b id="inner">Run</b></button>
        <button id="theirs" data-commandlinker-command="docmanager:open">Open</button>
        <div data-commandlinker-command="gptinterp:approve">
          <a id="nested" data-commandlinker-command="help:about">About</a>
        </div>
      </div>`;
    const seen: string[] = [];
    const linker = (event: Event) => seen.push((event.target as Element).id);
    document.body.addEventListener('click', linker);
    const guard = disarmCommandLinks('gptinterp:');
    const warn = jest
      .spyOn(console, 'warn')
      .mockImplementation(() => undefined);

    for (const id of ['ours', 'inner', 'theirs', 'nested']) {
      document.getElementById(id)!.click();
    }
    // The nearest link decides, as in JupyterLab's linker.
    expect(seen).toEqual(['theirs', 'nested']);

    guard.dispose();
    document.getElementById('ours')!.click();
    expect(seen).toEqual(['theirs', 'nested', 'ours']);
    document.body.removeEventListener('click', linker);
    warn.mockRestore();
  });
});
