// The shared catalogue in one language (see vite.config.ts); without the build's plugin, all four.
type OneLanguageCatalogue = { messages: Record<string, Partial<Record<import('@qiming/shared').Language, string>>> };
declare module '*/messages.ts?language=en' {
  export const messages: OneLanguageCatalogue['messages'];
}
declare module '*/messages.ts?language=zh' {
  export const messages: OneLanguageCatalogue['messages'];
}
declare module '*/messages.ts?language=es' {
  export const messages: OneLanguageCatalogue['messages'];
}
declare module '*/messages.ts?language=ja' {
  export const messages: OneLanguageCatalogue['messages'];
}
