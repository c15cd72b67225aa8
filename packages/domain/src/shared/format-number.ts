/**
 * A number as `toLocaleString('en-US')` writes it ("1,000", "2.5", "1,234.568", "-0"), without Intl: the first
 * Intl call of a page loads the ICU locale data, which cost the published page a quarter of its first paint on a
 * throttled phone (decision 017). Exactly the same text for every finite number below 1e21 (format-number.test.ts
 * holds it to toLocaleString); Intl itself for the others.
 */
export function formatNumber(value: number): string {
  const magnitude = Math.abs(value);
  if (!Number.isFinite(value) || magnitude >= 1e21) return value.toLocaleString('en-US');
  // Intl rounds the shortest decimal that reads back as the number (what String() writes) to 3 places, halves
  // away from zero; below 1e-6 String() writes an exponent, and such a number rounds to 0.
  const shortest = magnitude < 1e-6 ? '0' : String(magnitude);
  const [whole = '0', fraction = ''] = shortest.split('.');
  let digits = whole + fraction.slice(0, 3).padEnd(3, '0');
  if ((fraction[3] ?? '0') >= '5') {
    const carried = [...digits];
    let i = carried.length - 1;
    while (i >= 0 && carried[i] === '9') carried[i--] = '0';
    digits = i < 0 ? `1${carried.join('')}` : carried.map((d, at) => (at === i ? String(Number(d) + 1) : d)).join('');
  }
  const integer = digits.slice(0, -3).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = digits.slice(-3).replace(/0+$/, '');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${integer}${decimals ? `.${decimals}` : ''}`;
}
