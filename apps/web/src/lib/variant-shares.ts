/**
 * An A/B test's variants' shares of new players in percent (one decimal), as the runtime assigns by weight
 * (decision 046); null for each while the weights are not valid (not whole, negative, or summing to 0).
 */
export function variantShares(weights: readonly number[]): (number | null)[] {
  const valid = weights.every((weight) => Number.isInteger(weight) && weight >= 0);
  const total = valid ? weights.reduce((sum, weight) => sum + weight, 0) : 0;
  return weights.map((weight) => (total > 0 ? Math.round((weight / total) * 1000) / 10 : null));
}
