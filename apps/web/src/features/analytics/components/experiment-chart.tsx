import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ExperimentVariantFigures } from '@liveops/domain/experiments';
import { experimentBars, formatRate } from '../analytics-figures';

/**
 * The experiment comparison's chart: each variant's claim rate and day-7 reach side by side, each bar with the
 * number of players it is out of (a rate of 3 players is not one of 3,000). Loaded lazily with
 * the tab's other charts (recharts is a chunk of its own); its figures are read from the table beside it.
 */

const COLORS = { claim: '#3ddc97', day7: '#5263f5', muted: '#9aa3c2', grid: '#262f52', text: '#c9cee4' };
const TOOLTIP_STYLE = { background: '#141b33', border: '1px solid #36406a', borderRadius: 8, color: '#e8ebf7' };
const AXIS = { stroke: COLORS.muted, fontSize: 12, tickLine: false } as const;

export function ExperimentChart({ variants }: { variants: ExperimentVariantFigures[] }) {
  const data = experimentBars(variants);
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 24, right: 4, bottom: 0, left: -12 }}>
        <CartesianGrid stroke={COLORS.grid} vertical={false} />
        <XAxis dataKey="label" {...AXIS} interval={0} />
        <YAxis domain={[0, 1]} tickFormatter={(value: number) => `${Math.round(value * 100)}%`} {...AXIS} />
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          cursor={{ fill: 'rgba(91, 108, 255, 0.08)' }}
          formatter={(value, name, item) => {
            const bar = item.payload as (typeof data)[number];
            const rate = formatRate(typeof value === 'number' ? value : null);
            return `${rate} (${name === 'Claim rate' ? bar.claimN : bar.day7N})`;
          }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="claimRate" name="Claim rate" fill={COLORS.claim} radius={[3, 3, 0, 0]} maxBarSize={56}>
          <LabelList dataKey="claimN" position="top" fill={COLORS.text} fontSize={11} />
        </Bar>
        <Bar dataKey="day7Rate" name="Day-7 reach" fill={COLORS.day7} radius={[3, 3, 0, 0]} maxBarSize={56}>
          <LabelList dataKey="day7N" position="top" fill={COLORS.text} fontSize={11} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
