import { EditorLanguageRegistry } from '@jupyterlab/codemirror';
import { createMarkdownParser } from '@jupyterlab/markedparser-extension';
import {
  RenderMimeRegistry,
  standardRendererFactories
} from '@jupyterlab/rendermime';

import { splitMarkdown } from '../markdownpieces';
import { AnswerView, PLAIN_ABOVE } from '../components/AnswerView';

function paragraphs(n: number): string {
  return Array.from(
    { length: n },
    (_, i) => `Paragraph ${i} ${'word '.repeat(60)}\nsecond line.\n`
  ).join('\n');
}

describe('splitMarkdown', () => {
  it('gives the source back when joined, in pieces of about the size asked', () => {
    const source = paragraphs(40);
    const pieces = splitMarkdown(source, 2000);
    expect(pieces.join('')).toBe(source);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces.slice(0, -1)) {
      expect(piece.length).toBeGreaterThanOrEqual(2000);
      expect(piece.length).toBeLessThan(2000 + 400);
    }
  });

  it('never cuts inside a code fence, math, or before an indented line', () => {
    const fence = '```python\n' + 'x = 1\n\n'.repeat(300) + '```\n';
    const math = '$$\n' + 'a + b\n\n'.repeat(300) + '$$\n';
    const list = '- item\n\n' + '    continued\n\n'.repeat(300);
    const source = ['intro\n', fence, math, list, 'after\n'].join('\n');
    const pieces = splitMarkdown(source, 100);
    expect(pieces.join('')).toBe(source);
    for (const piece of pieces) {
      expect((piece.match(/```/g) ?? []).length % 2).toBe(0);
      expect((piece.match(/\$\$/g) ?? []).length % 2).toBe(0);
      expect(piece.startsWith('    ')).toBe(false);
    }
    expect(pieces.length).toBeGreaterThan(2);
  });

  it('is not fooled by inline triple backticks or a longer closing fence', () => {
    const inline = '```pip install foo```\n\n';
    const fence =
      '````python\nimport os\n\n```\nstill code\n\ndef f(): pass\n````\n';
    const source = inline + paragraphs(5) + '\n' + fence + '\n' + paragraphs(5);
    const pieces = splitMarkdown(source, 100);
    expect(pieces.join('')).toBe(source);
    const holding = pieces.filter(p => p.includes('import os'));
    expect(holding).toHaveLength(1);
    expect(holding[0]).toContain('def f(): pass\n````');
  });

  it('does not cut before an ordered item, nor answers with HTML blocks or link definitions', () => {
    const list = Array.from(
      { length: 30 },
      (_, i) => `${i + 1}. ${'step '.repeat(20)}\n`
    ).join('\n');
    for (const piece of splitMarkdown(list, 200)) {
      expect(piece.startsWith('1.') || !/^\d+\./.test(piece)).toBe(true);
    }
    const html =
      paragraphs(20) + '\n<details>\n\n' + paragraphs(5) + '\n</details>\n';
    expect(splitMarkdown(html, 500)).toEqual([html]);
    const refs =
      paragraphs(20) + '\nSee [the docs][1].\n\n[1]: docs/index.html\n';
    expect(splitMarkdown(refs, 500)).toEqual([refs]);
  });

  it('leaves a short answer whole', () => {
    expect(splitMarkdown('# Title\n\nText.\n', 100)).toEqual([
      '# Title\n\nText.\n'
    ]);
  });
});

describe('AnswerView', () => {
  const rendermime = new RenderMimeRegistry({
    initialFactories: standardRendererFactories,
    markdownParser: createMarkdownParser(new EditorLanguageRegistry())
  });

  it('streams a long answer as plain blocks, changing only the last one', async () => {
    const view = new AnswerView(rendermime);
    const text = paragraphs(60);
    expect(text.length).toBeGreaterThan(PLAIN_ABOVE + 5000);
    await view.render(text.slice(0, PLAIN_ABOVE + 10), true);
    const plain = view.node.querySelector('.jp-gptinterp-plain')!;
    const firstBlocks = Array.from(plain.children);
    await view.render(text, true);
    const blocks = Array.from(plain.children);
    expect(blocks.length).toBeGreaterThan(firstBlocks.length);
    // The blocks already closed are the same nodes with the same text: not laid out again.
    for (const block of firstBlocks.slice(0, -1)) {
      expect(blocks).toContain(block);
    }
    expect(blocks.map(b => b.textContent).join('')).toBe(text);
    expect(Math.max(...blocks.map(b => b.textContent!.length))).toBeLessThan(
      5000
    );
  });

  it('renders the complete answer as Markdown pieces and drops the plain text', async () => {
    const view = new AnswerView(rendermime);
    const text = '# Report\n\n' + paragraphs(60);
    await view.render(text, true);
    await view.render(text, false);
    expect(view.node.querySelector('.jp-gptinterp-plain')).toBeNull();
    const rendered = view.node.querySelectorAll('.jp-RenderedMarkdown');
    expect(rendered.length).toBeGreaterThan(1);
    expect(view.node.querySelector('h1')!.textContent).toContain('Report');
    expect(view.node.querySelectorAll('p').length).toBe(60);
    expect(view.node.textContent).toContain('Paragraph 59');
  });

  it('renders a short answer as one sanitized Markdown piece', async () => {
    const view = new AnswerView(rendermime);
    await view.render('**bold** <img src=x onerror="alert(1)">', false);
    expect(view.node.querySelectorAll('.jp-RenderedMarkdown').length).toBe(1);
    expect(view.node.querySelector('strong')!.textContent).toBe('bold');
    expect(view.node.innerHTML).not.toContain('onerror');
  });
});
