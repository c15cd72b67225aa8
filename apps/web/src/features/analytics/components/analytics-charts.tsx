import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatRate, shortDay, type DayFigures, type FunnelStep, type StreakBar } from '../analytics-figures';

/**
 * The Analytics tab's charts. Only this module imports recharts, and the tab loads it with React.lazy, so the
 * library is a chunk of its own that no other page downloads. Each chart is a picture (role img with a summary);
 * its figures are read from the table beside it.
 */

// The palette of tokens.css (an SVG attribute cannot read a custom property in every browser).
const COLORS = { accent: '#5263f5', success: '#3ddc97', warning: '#ffd27a', muted: '#9aa3c2', grid: '#262f52' };
const TOOLTIP_STYLE = { background: '#141b33', border: '1px solid #36406a', borderRadius: 8, color: '#e8ebf7' };
const AXIS = { stroke: COLORS.muted, fontSize: 12, tickLine: false } as const;
const HEIGHT = 260;
const STREAK_HEIGHT = 300;

export function DayChart({ rows }: { rows: DayFigures[] }) {
  const data = rows.map((row) => ({ ...row, label: shortDay(row.day), rate: row.claimRate }));
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <ComposedChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 4, bottom: 0, left: -12 }}>
        <CartesianGrid stroke={COLORS.grid} vertical={false} />
        <XAxis dataKey="label" {...AXIS} minTickGap={12} />
        <YAxis yAxisId="players" allowDecimals={false} {...AXIS} />
        <YAxis
          yAxisId="rate"
          orientation="right"
          // A rate above 100 % (claims from a game that shows no popup) still fits.
          domain={[0, (max: number) => Math.max(1, max)]}
          tickFormatter={(value: number) => `${Math.round(value * 100)}%`}
          {...AXIS}
        />
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          formatter={(value, name) =>
            name === 'Claim rate' ? formatRate(typeof value === 'number' ? value : null) : value
          }
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar yAxisId="players" dataKey="shown" name="Saw the popup" fill={COLORS.accent} radius={[3, 3, 0, 0]} />
        <Bar yAxisId="players" dataKey="claimed" name="Claimed" fill={COLORS.success} radius={[3, 3, 0, 0]} />
        <Line
          yAxisId="rate"
          dataKey="rate"
          name="Claim rate"
          stroke={COLORS.warning}
          strokeWidth={2}
          // A dot per day: a day between two without a rate is a point, not an invisible line.
          dot={{ r: 2, fill: COLORS.warning, strokeWidth: 0 }}
          connectNulls={false}
          type="monotone"
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

export function FunnelChart({ steps }: { steps: FunnelStep[] }) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={steps} accessibilityLayer={false} margin={{ top: 8, right: 4, bottom: 0, left: -12 }}>
        <CartesianGrid stroke={COLORS.grid} vertical={false} />
        <XAxis dataKey="label" {...AXIS} />
        <YAxis allowDecimals={false} {...AXIS} />
        <Tooltip contentStyle={TOOLTIP_STYLE} cursor={{ fill: 'rgba(91, 108, 255, 0.08)' }} />
        <Bar dataKey="players" name="Player-days" fill={COLORS.accent} radius={[3, 3, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Horizontal bars, a streak length (days) on each: ten buckets keep their labels readable on a phone. */
export function StreakChart({ bars }: { bars: StreakBar[] }) {
  return (
    <ResponsiveContainer width="100%" height={STREAK_HEIGHT}>
      <BarChart
        data={bars}
        layout="vertical"
        accessibilityLayer={false}
        margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
      >
        <CartesianGrid stroke={COLORS.grid} horizontal={false} />
        <XAxis type="number" allowDecimals={false} {...AXIS} />
        <YAxis type="category" dataKey="bucket" width={44} interval={0} {...AXIS} />
        <Tooltip contentStyle={TOOLTIP_STYLE} cursor={{ fill: 'rgba(91, 108, 255, 0.08)' }} />
        <Bar dataKey="players" name="Claims" fill={COLORS.success} radius={[0, 3, 3, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
