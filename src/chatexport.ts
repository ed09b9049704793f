/**
 * A chat taken away from the sidebar (issue 22 item 7): as Markdown to read or share, and as a
 * notebook to run again. Pure functions of the transcript's items; the commands save the result
 * beside the chat's notebook through the Contents API.
 *
 * What goes in: the user's messages, the assistant's answers, and every card's code with what
 * became of it. Only code that ran becomes a code cell in the notebook (with its outputs and
 * execution count); rejected or cancelled code is kept as Markdown, so running the exported
 * notebook runs only what the user approved.
 */
import type { ChatItem, IProposalItem } from './items';

/** nbformat 4 JSON, as the Contents API saves it. */
export interface INotebookJSON {
  nbformat: 4;
  nbformat_minor: number;
  metadata: Record<string, unknown>;
  cells: Array<Record<string, unknown>>;
}

/** A file name for the export: the chat's title, kept to what file systems accept. */
export function exportName(title: string, extension: string): string {
  const base =
    title
      .split('')
      .map(c => (c < ' ' || '\\/:*?"<>|'.includes(c) ? ' ' : c))
      .join('')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 60)
      .trim() || 'chat';
  return `${base}${extension}`;
}

/** The chat as one Markdown document. */
export function chatToMarkdown(
  title: string,
  items: ReadonlyArray<ChatItem>
): string {
  const parts = [`# ${title || 'Chat'}`];
  for (const item of items) {
    switch (item.kind) {
      case 'user':
        parts.push(quote(`**You:** ${item.text}`));
        break;
      case 'assistant':
        parts.push(
          item.stopped ? `${item.text}\n\n*(Stopped here.)*` : item.text
        );
        break;
      case 'proposal':
        parts.push(proposalMarkdown(item));
        break;
      case 'notice':
        parts.push(`> *${item.text}*`);
        break;
      case 'usage':
        break;
    }
  }
  return parts.filter(p => p.trim() !== '').join('\n\n') + '\n';
}

/** The chat as a notebook: prose as Markdown cells, code that ran as code cells. */
export function chatToNotebook(
  title: string,
  items: ReadonlyArray<ChatItem>
): INotebookJSON {
  const cells: Array<Record<string, unknown>> = [
    markdownCell(`# ${title || 'Chat'}`)
  ];
  for (const item of items) {
    switch (item.kind) {
      case 'user':
        cells.push(markdownCell(quote(`**You:** ${item.text}`)));
        break;
      case 'assistant':
        if (item.text.trim()) {
          cells.push(markdownCell(item.text));
        }
        break;
      case 'proposal':
        if (ran(item)) {
          cells.push({
            cell_type: 'code',
            execution_count: item.executionCount,
            metadata: { gptinterp: { proposal_id: item.proposalId } },
            outputs: item.outputs.map(o => ({ ...o })),
            source: item.code
          });
        } else {
          cells.push(markdownCell(proposalMarkdown(item)));
        }
        break;
      case 'notice':
        cells.push(markdownCell(`> *${item.text}*`));
        break;
      case 'usage':
        break;
    }
  }
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: {
        name: 'python3',
        display_name: 'Python 3 (ipykernel)',
        language: 'python'
      },
      language_info: { name: 'python' }
    },
    cells
  };
}

/** Whether the card's code was run (its outputs are real). */
function ran(item: IProposalItem): boolean {
  return item.status === 'done' || item.status === 'running';
}

function proposalMarkdown(item: IProposalItem): string {
  const what = item.proposalKind === 'replace_cell' ? 'Fix for a cell' : 'Code';
  const status = ran(item)
    ? item.executionCount !== null
      ? `ran [${item.executionCount}]`
      : 'ran'
    : item.status === 'approved'
      ? 'accepted'
      : item.status;
  const why = item.decisionReason ? `: ${item.decisionReason}` : '';
  const lines = [`**${what}** (${status}${why})`];
  if (item.reason) {
    lines.push(`*${item.reason}*`);
  }
  lines.push(fence(item.code, 'python'));
  const text = ran(item) ? outputText(item) : '';
  if (text) {
    lines.push(fence(text, ''));
  }
  return lines.join('\n\n');
}

/** The text form of a card's outputs (streams, results, errors); images are named. */
function outputText(item: IProposalItem): string {
  const parts: string[] = [];
  for (const output of item.outputs) {
    const o = output as Record<string, any>;
    if (o.output_type === 'stream') {
      parts.push(joined(o.text));
    } else if (o.output_type === 'error') {
      parts.push(`${o.ename}: ${o.evalue}`);
    } else if (o.data) {
      const plain = o.data['text/plain'];
      if (Object.keys(o.data).some(k => k.startsWith('image/'))) {
        parts.push(`[image${plain ? `: ${joined(plain)}` : ''}]`);
      } else if (plain !== undefined) {
        parts.push(joined(plain));
      }
    }
  }
  return parts.join('').replace(/\n+$/, '');
}

function joined(text: unknown): string {
  return Array.isArray(text) ? text.join('') : String(text ?? '');
}

/** A fenced block that its content cannot close. */
function fence(text: string, language: string): string {
  const longest = Math.max(
    2,
    ...(text.match(/`+/g) ?? []).map(run => run.length)
  );
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language}\n${text}\n${ticks}`;
}

function quote(text: string): string {
  return text
    .split('\n')
    .map(line => `> ${line}`)
    .join('\n');
}

function markdownCell(source: string): Record<string, unknown> {
  return { cell_type: 'markdown', metadata: {}, source };
}
