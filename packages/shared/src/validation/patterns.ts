/** The value patterns of spec section 5, each a pure test. */
export const patterns = {
  mobile: /^1[3-8]\d{9}$/,
  userNameChars: /^[A-Za-z0-9_]+$/,
  email: /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/,
  naturalNumber: /^(0|[1-9]\d*)$/,
  englishLetters: /^[A-Za-z]+$/,
  landline: /^(0\d{2,3}-?)?[1-9]\d{6,7}(-\d{1,6})?$/,
  bankCard: /^\d{10,20}$/,
  idNumber: /^[A-Za-z0-9]{1,50}$/,
  qq: /^[1-9]\d{4,11}$/,
  url: /^https?:\/\/[^\s/$.?#][^\s]*$/i,
  alphanumeric20: /^[A-Za-z0-9]{0,20}$/,
  letters2to100: /^[A-Za-z\u4e00-\u9fa5 ]{2,100}$/,
  digitsAndLineBreaks: /^[\d\r\n]*$/,
} as const;

const idWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const idCheckCodes = '10X98765432';

/** A mainland resident ID: 18 characters with a valid birth date and GB 11643 check digit. */
export function isChineseId(value: string): boolean {
  if (!/^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/.test(value)) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return false;
  const sum = idWeights.reduce((total, weight, index) => total + weight * Number(value[index]), 0);
  return idCheckCodes[sum % 11] === value[17]?.toUpperCase();
}
