import { axisTicks, labelEvery, linearScale } from './chart-scale.ts';

export type TChartDay = { date: string; answered: number; cumulative: number };

type TAnswersChartProps = {
  days: readonly TChartDay[];
  /** Participants: the cumulative line's ceiling, drawn as a dashed target line. */
  participantCount: number;
  label: string;
  formatDay: (date: string) => string;
  legend: { daily: string; cumulative: string; participants: string };
};

const WIDTH = 720;
const HEIGHT = 300;
const MARGIN = { top: 16, right: 48, bottom: 40, left: 44 };

/**
 * Respondents per day as bars (left axis) and their running total as a line (right axis, up to the
 * participant count). Plain SVG in a viewBox, so it scales to any width down to a phone.
 */
export function AnswersChart({ days, participantCount, label, formatDay, legend }: TAnswersChartProps) {
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const dailyTicks = axisTicks(Math.max(0, ...days.map((day) => day.answered)), 4);
  const totalTicks = axisTicks(Math.max(participantCount, ...days.map((day) => day.cumulative)), 4);
  const dailyTop = dailyTicks[dailyTicks.length - 1] ?? 1;
  const totalTop = totalTicks[totalTicks.length - 1] ?? 1;
  const yDaily = linearScale(dailyTop, MARGIN.top + plotHeight, MARGIN.top);
  const yTotal = linearScale(totalTop, MARGIN.top + plotHeight, MARGIN.top);
  const slot = days.length > 0 ? plotWidth / days.length : plotWidth;
  const barWidth = Math.max(2, Math.min(36, slot * 0.6));
  const xCenter = (index: number) => MARGIN.left + slot * index + slot / 2;
  const every = labelEvery(days.length, 7);
  const line = days.map((day, index) => `${index === 0 ? 'M' : 'L'}${xCenter(index).toFixed(1)},${yTotal(day.cumulative).toFixed(1)}`).join(' ');
  const bottom = MARGIN.top + plotHeight;

  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 24}`} width="100%" role="img" aria-label={label} data-testid="answers-chart" style={{ display: 'block', maxHeight: 360 }}>
      <title>{label}</title>
      {dailyTicks.map((tick) => (
        <g key={`d${tick}`}>
          <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={yDaily(tick)} y2={yDaily(tick)} stroke="var(--mantine-color-gray-2)" />
          <text x={MARGIN.left - 8} y={yDaily(tick) + 4} textAnchor="end" fontSize={11} fill="var(--mantine-color-gray-6)">
            {tick}
          </text>
        </g>
      ))}
      {totalTicks.map((tick) => (
        <text key={`t${tick}`} x={WIDTH - MARGIN.right + 8} y={yTotal(tick) + 4} fontSize={11} fill="var(--mantine-color-teal-7)">
          {tick}
        </text>
      ))}
      {participantCount > 0 && (
        <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={yTotal(participantCount)} y2={yTotal(participantCount)} stroke="var(--mantine-color-teal-4)" strokeDasharray="4 4" />
      )}
      {days.map((day, index) => (
        <rect
          key={day.date}
          x={xCenter(index) - barWidth / 2}
          y={yDaily(day.answered)}
          width={barWidth}
          height={Math.max(0, bottom - yDaily(day.answered))}
          rx={2}
          fill="var(--mantine-color-brand-4)"
          data-testid="chart-bar"
        >
          <title>{`${formatDay(day.date)}: ${day.answered} / ${day.cumulative}`}</title>
        </rect>
      ))}
      {days.length > 0 && <path d={line} fill="none" stroke="var(--mantine-color-teal-6)" strokeWidth={2.5} strokeLinejoin="round" />}
      {days.map((day, index) => (
        <circle key={`p${day.date}`} cx={xCenter(index)} cy={yTotal(day.cumulative)} r={3} fill="var(--mantine-color-teal-6)" />
      ))}
      <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={bottom} y2={bottom} stroke="var(--mantine-color-gray-5)" />
      {days.map((day, index) =>
        index % every === 0 ? (
          <text key={`l${day.date}`} x={xCenter(index)} y={bottom + 18} textAnchor="middle" fontSize={11} fill="var(--mantine-color-gray-7)">
            {formatDay(day.date)}
          </text>
        ) : null,
      )}
      <g transform={`translate(${MARGIN.left}, ${HEIGHT + 12})`} fontSize={12} fill="var(--mantine-color-gray-8)">
        <rect width={12} height={12} y={-10} rx={2} fill="var(--mantine-color-brand-4)" />
        <text x={18}>{legend.daily}</text>
        <line x1={200} x2={220} y1={-4} y2={-4} stroke="var(--mantine-color-teal-6)" strokeWidth={2.5} />
        <text x={226}>{legend.cumulative}</text>
        <line x1={420} x2={440} y1={-4} y2={-4} stroke="var(--mantine-color-teal-4)" strokeDasharray="4 4" />
        <text x={446}>{legend.participants}</text>
      </g>
    </svg>
  );
}
