/**
 * An assistant answer that grows while it streams, rendered so that no single task grows with
 * the answer's length:
 * - short answers: one sanitized Markdown render (rendermime, untrusted), redone as text comes;
 * - long ones while streaming: plain text in blocks of about BLOCK_CHARS, where only the last
 *   block ever changes, so the browser lays out one block per update, not the whole answer;
 * - long ones once complete: Markdown in pieces cut at top-level block boundaries, one piece
 *   per task, the plain blocks a piece covers removed as it appears.
 */
import {
  IRenderMime,
  IRenderMimeRegistry,
  MimeModel
} from '@jupyterlab/rendermime';
import { Panel, Widget } from '@lumino/widgets';

import { splitMarkdown } from '../markdownpieces';

/** Above this length a streaming answer is shown as plain text until complete. */
export const PLAIN_ABOVE = 6000;

const BLOCK_CHARS = 2000;
const PIECE_CHARS = 4000;

interface IBlock {
  readonly node: HTMLDivElement;
  readonly start: number; // offset of this block's text in the answer
}

export class AnswerView extends Panel {
  constructor(private readonly _rendermime: IRenderMimeRegistry) {
    super();
    this.addClass('jp-gptinterp-answer');
  }

  /** Show `source`; resolves once it is on the page (Markdown pieces included). */
  async render(source: string, streaming: boolean): Promise<void> {
    if (streaming && source.length > PLAIN_ABOVE) {
      this._showPlain(source);
    } else {
      await this._showMarkdown(source);
    }
  }

  private _showPlain(source: string): void {
    if (!this._plain || !source.startsWith(this._plainText)) {
      this._clear();
      this._plain = new Widget();
      this._plain.addClass('jp-gptinterp-plain');
      this.addWidget(this._plain);
      this._blocks = [];
      this._plainText = '';
    }
    let last: IBlock | undefined = this._blocks[this._blocks.length - 1];
    let open = last ? this._plainText.slice(last.start) : '';
    open += source.slice(this._plainText.length);
    let start = last ? last.start : 0;
    // Close the open block at the first newline past BLOCK_CHARS (or hard, on a huge line).
    for (;;) {
      const newline = open.indexOf('\n', BLOCK_CHARS);
      const cut =
        newline >= 0 && newline < 2 * BLOCK_CHARS
          ? newline + 1
          : open.length > 2 * BLOCK_CHARS
            ? BLOCK_CHARS
            : -1;
      if (cut < 0) {
        break;
      }
      last = this._block(last, start);
      last.node.textContent = open.slice(0, cut);
      start += cut;
      open = open.slice(cut);
      last = undefined;
    }
    if (open) {
      last = this._block(last, start);
      last.node.textContent = open;
    }
    this._plainText = source;
  }

  private _block(block: IBlock | undefined, start: number): IBlock {
    if (block) {
      return block;
    }
    const node = document.createElement('div');
    this._plain!.node.appendChild(node);
    const created = { node, start };
    this._blocks.push(created);
    return created;
  }

  private async _showMarkdown(source: string): Promise<void> {
    const pieces =
      source.length > PLAIN_ABOVE
        ? splitMarkdown(source, PIECE_CHARS)
        : [source];
    while (this._renderers.length > pieces.length) {
      this._renderers.pop()!.dispose();
    }
    let offset = 0;
    for (let i = 0; i < pieces.length; i++) {
      if (this.isDisposed) {
        return;
      }
      if (i > 0) {
        await nextTask(); // let input and paint in between pieces
        if (this.isDisposed) {
          return;
        }
      }
      if (!this._renderers[i]) {
        this._renderers[i] = this._rendermime.createRenderer('text/markdown');
        this.insertWidget(i, this._renderers[i]);
      }
      const renderer = this._renderers[i];
      if (this._rendered[i] !== pieces[i]) {
        await renderer.renderModel(
          new MimeModel({
            data: { 'text/markdown': pieces[i] },
            trusted: false
          })
        );
        this._rendered[i] = pieces[i];
      }
      offset += pieces[i].length;
      this._dropPlainBefore(offset);
    }
    this._rendered.length = pieces.length;
    this._dropPlainBefore(Infinity);
  }

  /** Remove the plain blocks whose text the Markdown now shows. */
  private _dropPlainBefore(offset: number): void {
    if (!this._plain) {
      return;
    }
    while (this._blocks.length) {
      const block = this._blocks[0];
      const end = this._blocks[1]?.start ?? this._plainText.length;
      if (end > offset) {
        return;
      }
      block.node.remove();
      this._blocks.shift();
    }
    this._plain.dispose();
    this._plain = null;
    this._plainText = '';
  }

  private _clear(): void {
    for (const renderer of this._renderers) {
      renderer.dispose();
    }
    this._renderers = [];
    this._rendered = [];
    this._plain?.dispose();
    this._plain = null;
  }

  private _renderers: IRenderMime.IRenderer[] = [];
  private _rendered: string[] = [];
  private _plain: Widget | null = null;
  private _plainText = '';
  private _blocks: IBlock[] = [];
}

function nextTask(): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, 0));
}
