import { useState } from 'react';
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
import { dayBars, formatRate, shortDay, type DayFigures, type FunnelStep, type StreakBar } from '../analytics-figures';

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

/** A day's bar at its widest: one day in the range is a bar, not a wall. */
const DAY_BAR_MAX = 40;
/** The plot's width beside the two y axes (60 px each by default) and the margins below. */
const DAY_PLOT_INSET = 112;

/**
 * Players by day on a band scale: one band per day of `rows` (chartDays: from the first with figures), each
 * day's bars centred in its band and at most DAY_BAR_MAX wide, side by side or, when the bands are narrow (a long
 * range, a phone), overlaid (dayBars).
 */
export function DayChart({ rows }: { rows: DayFigures[] }) {
  const data = rows;
  const [width, setWidth] = useState<number | null>(null);
  const overlaid = width !== null && dayBars(data.length, width - DAY_PLOT_INSET) === 'overlaid';
  // Overlaid: the claims are drawn on a second, hidden axis of the same days, so each bar takes its band's width.
  const claimAxis = overlaid ? 'overlay' : 'day';
  return (
    <ResponsiveContainer width="100%" height={HEIGHT} onResize={(measured) => setWidth(measured)}>
      <ComposedChart
        data={data}
        accessibilityLayer={false}
        margin={{ top: 8, right: 4, bottom: 0, left: -12 }}
        barCategoryGap={overlaid ? '10%' : '20%'}
        barGap={2}
      >
        <CartesianGrid stroke={COLORS.grid} vertical={false} xAxisId="day" />
        <XAxis xAxisId="day" type="category" dataKey="day" tickFormatter={shortDay} {...AXIS} minTickGap={12} />
        {overlaid ? <XAxis xAxisId="overlay" type="category" dataKey="day" hide /> : null}
        <YAxis yAxisId="players" allowDecimals={false} {...AXIS} />
        <YAxis
          yAxisId="rate"
          orientation="right"
          domain={[0, 1]}
          tickFormatter={(value: number) => `${Math.round(value * 100)}%`}
          {...AXIS}
        />
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          cursor={{ fill: 'rgba(91, 108, 255, 0.08)' }}
          formatter={(value, name) =>
            name === 'Claim rate' ? formatRate(typeof value === 'number' ? value : null) : value
          }
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar
          xAxisId="day"
          yAxisId="players"
          dataKey="saw"
          name="Saw the popup"
          fill={COLORS.accent}
          radius={[3, 3, 0, 0]}
          maxBarSize={DAY_BAR_MAX}
        />
        <Bar
          xAxisId={claimAxis}
          yAxisId="players"
          dataKey="claimed"
          name="Claimed"
          fill={COLORS.success}
          radius={[3, 3, 0, 0]}
          maxBarSize={DAY_BAR_MAX}
        />
        <Line
          xAxisId="day"
          yAxisId="rate"
          dataKey="rate"
          name="Claim rate"
          stroke={COLORS.warning}
          strokeWidth={2}
          // A dot per day: a day between two without a rate is a point, not an invisible line.
          dot={{ r: overlaid ? 1.5 : 2, fill: COLORS.warning, strokeWidth: 0 }}
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
        <Bar dataKey="players" name="Player-days" fill={COLORS.accent} radius={[3, 3, 0, 0]} maxBarSize={56} />
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
