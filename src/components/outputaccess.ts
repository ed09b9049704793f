/**
 * A card's outputs for keyboard and screen reader users (rendermime draws them; this only adds
 * to what it drew): images get a name (the output's own text form, e.g. "<Figure size 400x250
 * with 1 Axes>", else a plain word) and open full size on click or Enter; an output wider than
 * the card can be focused, so it can be scrolled by keyboard.
 */
import type { OutputArea } from '@jupyterlab/outputarea';
import type { IDisposable } from '@lumino/disposable';

export interface IOutputAccessOptions {
  /** Open an image at full size. */
  open(src: string, name: string): void;
  trans: { __(msgid: string, ...args: any[]): string };
}

/** Keep `area`'s outputs accessible as they are added and as the card is resized. */
export function watchOutputAccess(
  area: OutputArea,
  options: IOutputAccessOptions
): IDisposable {
  let disposed = false;
  const update = () => decorate(area, options);
  const mutations = new MutationObserver(update);
  mutations.observe(area.node, { childList: true, subtree: true });
  const sizes = new ResizeObserver(update);
  sizes.observe(area.node);
  update();
  return {
    get isDisposed() {
      return disposed;
    },
    dispose() {
      disposed = true;
      mutations.disconnect();
      sizes.disconnect();
    }
  };
}

function decorate(area: OutputArea, options: IOutputAccessOptions): void {
  const { trans } = options;
  area.widgets.forEach((child, index) => {
    const output = index < area.model.length ? area.model.get(index) : null;
    const described = output?.data['text/plain'];
    const name =
      typeof described === 'string' && described.trim()
        ? described.trim()
        : trans.__('An image the code displayed');
    for (const img of Array.from(child.node.querySelectorAll('img'))) {
      if (img.dataset.gptinterpOpens) {
        continue;
      }
      img.dataset.gptinterpOpens = 'true';
      img.alt = img.alt || name;
      img.tabIndex = 0;
      img.setAttribute('role', 'button');
      img.setAttribute('aria-label', trans.__('%1 (opens full size)', img.alt));
      img.title = trans.__('Open full size');
      const open = () => options.open(img.src, img.alt);
      img.addEventListener('click', open);
      img.addEventListener('keydown', event => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          open();
        }
      });
    }
  });
  for (const node of Array.from(
    area.node.querySelectorAll<HTMLElement>('.jp-OutputArea-output')
  )) {
    const wide = node.scrollWidth > node.clientWidth + 1;
    if (wide && node.tabIndex < 0) {
      node.tabIndex = 0;
      node.setAttribute('role', 'region');
      node.setAttribute('aria-label', trans.__('Output, wider than the card'));
    }
  }
}
