/** A tab index from the query (`index`, `activeIndex`): out of range or not a number falls back to 0. */
export function queryIndex(value: string | null, count: number): number {
  const index = Number(value ?? 0);
  return Number.isInteger(index) && index >= 0 && index < count ? index : 0;
}

export function formatDate(time: number): string {
  return new Date(time).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });
}
