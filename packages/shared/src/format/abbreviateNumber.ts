const units = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/** 1234 -> '1.2k' with one digit; trailing zeros are dropped ('2k', not '2.0k'). */
export function abbreviateNumber(value: number, digits = 1): string {
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.abs(value);
  for (const unit of units) {
    if (magnitude >= unit.value) {
      const scaled = (magnitude / unit.value).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1');
      return `${sign}${scaled}${unit.symbol}`;
    }
  }
  return String(value);
}
