export const languages = ['en', 'zh', 'es', 'ja'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/** Picks the first supported language from an ordered list of tags such as `zh-CN` or `es`. */
export function matchLanguage(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const base = tag.trim().toLowerCase().split(/[-_;]/)[0];
    const found = languages.find((language) => language === base);
    if (found) return found;
  }
  return undefined;
}

/** Parses an Accept-Language header into tags ordered by their q weights. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, position) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, weight: q ? Number(q.slice(2)) || 0 : 1, position };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position)
    .map((entry) => entry.tag);
}
