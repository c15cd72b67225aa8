import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatRate } from '../analytics-figures';
import { RETURN_LATER, type ReturnSummary } from '../return-figures';

/**
 * The return rates' chart (decision 047): for the next day and 7 days later, the share of claimers and of the
 * other active players who came back. Loaded with the tab's other charts (React.lazy), never by another page.
 */

// The palette of tokens.css, as in analytics-charts.tsx (an SVG attribute cannot read a custom property everywhere).
const COLORS = { success: '#3ddc97', muted: '#9aa3c2', grid: '#262f52' };
const TOOLTIP_STYLE = { background: '#141b33', border: '1px solid #36406a', borderRadius: 8, color: '#e8ebf7' };
const AXIS = { stroke: COLORS.muted, fontSize: 12, tickLine: false } as const;

export function ReturnRatesChart({ summary }: { summary: ReturnSummary[] }) {
  const [claimed, notClaimed] = summary;
  const data = RETURN_LATER.map((later) => ({
    label: later.label,
    claimed: claimed?.rates[later.id].rate ?? null,
    notClaimed: notClaimed?.rates[later.id].rate ?? null,
  }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 4, bottom: 0, left: -12 }}>
        <CartesianGrid stroke={COLORS.grid} vertical={false} />
        <XAxis dataKey="label" {...AXIS} />
        <YAxis domain={[0, 1]} tickFormatter={(value: number) => `${Math.round(value * 100)}%`} {...AXIS} />
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          cursor={{ fill: 'rgba(91, 108, 255, 0.08)' }}
          formatter={(value) => formatRate(typeof value === 'number' ? value : null)}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="claimed" name="Claimed" fill={COLORS.success} radius={[3, 3, 0, 0]} maxBarSize={56} />
        <Bar dataKey="notClaimed" name="Did not claim" fill={COLORS.muted} radius={[3, 3, 0, 0]} maxBarSize={56} />
      </BarChart>
    </ResponsiveContainer>
  );
}
