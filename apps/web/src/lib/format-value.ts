const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/**
 * An item's or pack's value with its unit, US dollars (decision 027): "$5" for a whole amount rather than a
 * meaningless "5.00", "$4.99" and "$12.50" otherwise.
 */
export function formatValue(value: number): string {
  return Number.isInteger(Math.round(value * 100) / 100) ? whole.format(value) : cents.format(value);
}
