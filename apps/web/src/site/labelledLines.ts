/** A `label|text` line of the portal (a key figure, a result, a timeline entry), as the site shows it. */
export interface LabelledLine {
  label: string;
  text: string;
}

/** Splits the portal's `label|text` lines (an array or one text); a line without a bar is text alone. */
export function labelledLines(lines: string[] | string): LabelledLine[] {
  const list = Array.isArray(lines) ? lines : lines.split(/\r?\n/);
  return list
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const bar = line.indexOf('|');
      return bar < 0 ? { label: '', text: line } : { label: line.slice(0, bar).trim(), text: line.slice(bar + 1).trim() };
    });
}
