/**
 * Where a long Markdown answer can be cut so that each piece renders the same on its own:
 * after a blank line, outside code fences and `$$` math, and not before an indented line (a
 * list item's continuation or an indented code block would change meaning).
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Split `source` into pieces of about `size` characters; joined, they give `source` back. */
export function splitMarkdown(source: string, size: number): string[] {
  if (source.length <= size) {
    return [source];
  }
  const lines = source.split(/(?<=\n)/);
  const pieces: string[] = [];
  let piece = '';
  let fence: string | null = null;
  let math = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    piece += line;
    const open: RegExpExecArray | null =
      fence === null && !math ? FENCE.exec(line) : null;
    if (fence !== null) {
      const close = FENCE.exec(line);
      if (
        close &&
        close[1][0] === fence[0] &&
        close[1].length >= fence.length
      ) {
        fence = null;
      }
    } else if (open) {
      fence = open[1];
    } else if (
      line.trim() === '$$' ||
      line.trim().startsWith('$$') !== line.trim().endsWith('$$')
    ) {
      math = !math;
    }
    const next = lines[i + 1];
    const cut =
      piece.length >= size &&
      fence === null &&
      !math &&
      line.trim() === '' &&
      next !== undefined &&
      next.trim() !== '' &&
      !/^\s/.test(next);
    if (cut) {
      pieces.push(piece);
      piece = '';
    }
  }
  if (piece) {
    pieces.push(piece);
  }
  return pieces;
}
