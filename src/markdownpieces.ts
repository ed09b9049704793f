/**
 * Where a long Markdown answer can be cut so that each piece renders the same on its own:
 * after a blank line, outside code fences and `$$` math, not before an indented line (a list
 * item's continuation or an indented code block would change meaning) nor before an ordered
 * list item (the next piece would number from 1). Answers with HTML blocks or reference-style
 * link definitions, which reach across blank lines and pieces, are not cut at all.
 */

// An opening fence: backticks not followed by another backtick on the line (```js``` is
// inline code), or tildes. A closing one: the same character, at least as long, alone.
const OPEN_FENCE = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/;
const CLOSE_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*\n?$/;
const UNCUTTABLE =
  /^ {0,3}(<(pre|script|style|textarea|details|div|table|!--)|\[[^\]\n]+\]:\s)/im;
const ORDERED_ITEM = /^\d{1,9}[.)]\s/;

/** Split `source` into pieces of about `size` characters; joined, they give `source` back. */
export function splitMarkdown(source: string, size: number): string[] {
  if (source.length <= size || UNCUTTABLE.test(source)) {
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
      fence === null && !math ? OPEN_FENCE.exec(line) : null;
    if (fence !== null) {
      const close = CLOSE_FENCE.exec(line);
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
      !/^\s/.test(next) &&
      !ORDERED_ITEM.test(next);
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
