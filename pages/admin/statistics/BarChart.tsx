import type { ReactNode } from 'react';
import { formatCount } from '../../../common/format.ts';

/**
 * A bar chart drawn on the server as SVG, with its numbers as a table beside it (issue 13; why no chart
 * library: docs/decisions/0034). The SVG is one image (`role="img"`) named by its title and described in
 * words; whoever cannot see it reads the table, which holds every number the bars show and more. With two
 * series, the second is hatched as well as coloured, and both are named in a legend: colour never carries
 * the meaning alone. Both colours hold 3:1 against white (WCAG 1.4.11), the texts 4.5:1.
 *
 * The drawing is sized by its viewBox and scales with its column: narrow enough that its texts stay
 * readable on a 390 px phone (12 units there are 11 px), capped so that they do not grow past 16 px.
 * Horizontal bars carry their label above them, across the whole width, so that long names need no room
 * beside the bars.
 */

interface ChartSeries {
  label: string;
  values: readonly number[];
  /** In the table only (a column of numbers the bars do not show). */
  tableOnly?: boolean;
  format?: (value: number) => string;
}

export interface ChartCategory {
  /** What the table's row header says ("janvier 2026", "Ain (01)"). */
  label: string;
  /** What the axis says, shorter ("janv."); the table's label by default. */
  axisLabel?: string;
  /** Written after the axis label, in grey, where it changes from the previous label written ("2026"). */
  axisSubLabel?: string;
}

export interface BarChartProps {
  /** Unique on the page: the ids of the title, description, caption and patterns derive from it. */
  id: string;
  /** What the chart shows, as its accessible name and the table's caption. */
  title: string;
  /** The same in a sentence or two, with what the bars count. */
  description: string;
  /** The header of the table's first column ("Mois", "Département"). */
  categoryHeader: string;
  categories: readonly ChartCategory[];
  series: readonly ChartSeries[];
  /** `columns`: vertical bars along a time axis; `bars`: horizontal bars, one row per category. */
  orientation?: 'columns' | 'bars';
  /** Only the first N categories are drawn (the table lists them all); the title should say so. */
  chartLimit?: number;
  /** Said instead of the chart and the table when there is nothing to show. */
  emptyText: string;
}

export const CHART_COLORS = ['#4b2bae', '#a84300'] as const;
const TEXT = '#1b1530';
const MUTED = '#4a4658';
const GRID = '#d6d3e0';
/** In units of the viewBox: about as many pixels on a phone, a third more in a desktop column. */
const WIDTH = 360;
const FONT = 12;
/** What a label takes above its bar, the whole width (the longest sector name is 51). */
const LABEL_CHARS = 56;
/** Rows past which the table scrolls in its own box, its header kept in view. */
const LONG_TABLE = 15;

/** A round step for about `count` ticks up to `max`: 1, 2 or 5 times a power of ten. */
export function niceStep(max: number, count = 4): number {
  if (max <= 0) return 1;
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * power).find((candidate) => candidate >= raw) ?? 10 * power;
  return Math.max(1, step);
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const round = (n: number) => Math.round(n * 10) / 10;

export function BarChart(props: BarChartProps) {
  const { id, title, categories, series } = props;
  const hasData = categories.length > 0 && series.some((s) => s.values.some((value) => value > 0));
  if (!hasData) return <p className="rounded-lg bg-white p-4 text-grey-text">{props.emptyText}</p>;
  const drawn = series.filter((s) => !s.tableOnly);
  const limit = Math.min(props.chartLimit ?? categories.length, categories.length);
  const limited = limit < categories.length;
  const chart = {
    title: limited ? `${title}, les ${limit} premières lignes du tableau` : title,
    categories: categories.slice(0, limit),
    series: drawn.map((s) => ({ ...s, values: s.values.slice(0, limit) })),
  };
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <div className="flex flex-col gap-2 rounded-lg bg-white p-3">
        {props.orientation === 'bars' ? (
          <HorizontalBars {...props} {...chart} />
        ) : (
          <VerticalBars {...props} {...chart} />
        )}
        {limited && (
          <p className="text-sm text-grey-text">
            Le graphique montre les {limit} premières lignes ; le tableau les donne toutes (
            {categories.length}).
          </p>
        )}
      </div>
      <section
        className={`max-w-full overflow-x-auto rounded-lg bg-white ${categories.length > LONG_TABLE ? 'max-h-[36rem] overflow-y-auto' : ''}`}
        aria-labelledby={`${id}-caption`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus, so that the keyboard scrolls it (RGAA 7.3)
        tabIndex={0}
      >
        <table className="w-full border-collapse text-sm">
          <caption id={`${id}-caption`} className="p-3 text-left font-semibold">
            {title} : les nombres
          </caption>
          <thead className="sticky top-0 bg-white">
            <tr className="border-b border-grey-text">
              <th scope="col" className="px-3 py-2 text-left">
                {props.categoryHeader}
              </th>
              {series.map((s) => (
                <th key={s.label} scope="col" className="px-3 py-2 text-right">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category, row) => (
              <tr key={category.label} className="border-b border-grey">
                <th scope="row" className="px-3 py-1.5 text-left font-normal">
                  {category.label}
                </th>
                {series.map((s) => (
                  <td key={s.label} className="px-3 py-1.5 text-right tabular-nums">
                    {(s.format ?? formatCount)(s.values[row] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

interface DrawProps extends BarChartProps {
  categories: readonly ChartCategory[];
  series: readonly ChartSeries[];
}

/** The SVG's name and description, the hatching of the second series, and the legend when it has two. */
function ChartFrame({
  id,
  title,
  description,
  series,
  height,
  children,
}: DrawProps & { height: number; children: ReactNode }) {
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${WIDTH} ${round(height)}`}
      className="h-auto w-full max-w-[30rem]"
      fontFamily="Inter, ui-sans-serif, system-ui, sans-serif"
      fontSize={FONT}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <defs>
        <pattern
          id={`${id}-hatch`}
          width="6"
          height="6"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="6" height="6" fill="#ffffff" />
          <rect width="3" height="6" fill={CHART_COLORS[1]} />
        </pattern>
      </defs>
      {series.length > 1 && (
        <g>
          {series.map((s, i) => (
            <g key={s.label} transform={`translate(${8 + i * 170}, 6)`}>
              <rect width="12" height="12" fill={fillOf(id, i)} stroke={CHART_COLORS[i % 2]} />
              <text x="18" y="10.5" fill={TEXT}>
                {s.label}
              </text>
            </g>
          ))}
        </g>
      )}
      {children}
    </svg>
  );
}

const fillOf = (id: string, index: number) => (index % 2 === 0 ? CHART_COLORS[0] : `url(#${id}-hatch)`);

function VerticalBars(props: DrawProps) {
  const { id, categories, series } = props;
  const top = series.length > 1 ? 30 : 10;
  const left = 48;
  const right = 6;
  const plotHeight = 180;
  const bottom = 48;
  const plotWidth = WIDTH - left - right;
  const max = Math.max(...series.flatMap((s) => s.values), 0);
  const step = niceStep(max);
  const ceiling = Math.max(step, Math.ceil(max / step) * step);
  const ticks = Array.from({ length: Math.round(ceiling / step) + 1 }, (_, i) => i * step);
  const y = (value: number) => top + plotHeight - (value / ceiling) * plotHeight;
  const band = plotWidth / categories.length;
  const groupWidth = band * 0.76;
  const barWidth = groupWidth / series.length;
  // Slanted labels, one in every `every` columns, so that they never overlap (two years take one in two).
  const every = Math.ceil(categories.length / 12);
  const subLabelBefore = (i: number) => (i >= every ? categories[i - every]?.axisSubLabel : undefined);
  return (
    <ChartFrame {...props} height={top + plotHeight + bottom}>
      <g>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={left} x2={WIDTH - right} y1={round(y(tick))} y2={round(y(tick))} stroke={GRID} />
            <text x={left - 6} y={round(y(tick) + 4)} textAnchor="end" fill={MUTED}>
              {formatCount(tick)}
            </text>
          </g>
        ))}
      </g>
      {categories.map((category, i) => {
        const x0 = left + i * band + (band - groupWidth) / 2;
        return (
          <g key={category.label}>
            {series.map((s, k) => {
              const value = s.values[i] ?? 0;
              return (
                <rect
                  key={s.label}
                  data-value={value}
                  x={round(x0 + k * barWidth)}
                  y={round(y(value))}
                  width={round(Math.max(barWidth - 1, 1))}
                  height={round(top + plotHeight - y(value))}
                  fill={fillOf(id, k)}
                  stroke={k % 2 === 1 && value > 0 ? CHART_COLORS[1] : undefined}
                />
              );
            })}
            {i % every === 0 && (
              <text
                transform={`translate(${round(left + (i + 0.5) * band + 4)}, ${top + plotHeight + 10}) rotate(-40)`}
                textAnchor="end"
                fill={TEXT}
                fontSize={FONT - 1}
              >
                {category.axisLabel ?? category.label}
                {category.axisSubLabel && category.axisSubLabel !== subLabelBefore(i) && (
                  <tspan fill={MUTED}> {category.axisSubLabel}</tspan>
                )}
              </text>
            )}
          </g>
        );
      })}
      <line x1={left} x2={WIDTH - right} y1={top + plotHeight} y2={top + plotHeight} stroke={MUTED} />
    </ChartFrame>
  );
}

function HorizontalBars(props: DrawProps) {
  const { id, categories, series } = props;
  const top = series.length > 1 ? 30 : 4;
  const labelHeight = 16;
  const barHeight = 12;
  const rowHeight = labelHeight + barHeight * series.length + 8;
  const valueWidth = 52;
  const barArea = WIDTH - valueWidth;
  const max = Math.max(...series.flatMap((s) => s.values), 1);
  return (
    <ChartFrame {...props} height={top + categories.length * rowHeight}>
      {categories.map((category, i) => {
        const rowTop = top + i * rowHeight;
        return (
          <g key={category.label}>
            <text x="0" y={rowTop + 12} fill={TEXT}>
              {truncate(category.axisLabel ?? category.label, LABEL_CHARS)}
            </text>
            {series.map((s, k) => {
              const value = s.values[i] ?? 0;
              const width = (value / max) * barArea;
              const barTop = rowTop + labelHeight + k * barHeight;
              return (
                <g key={s.label}>
                  <rect
                    data-value={value}
                    x="0"
                    y={round(barTop)}
                    width={round(Math.max(width, value > 0 ? 1 : 0))}
                    height={barHeight - 1}
                    fill={fillOf(id, k)}
                    stroke={k % 2 === 1 && value > 0 ? CHART_COLORS[1] : undefined}
                  />
                  <text x={round(width + 4)} y={round(barTop + barHeight - 2)} fill={TEXT}>
                    {(s.format ?? formatCount)(value)}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
    </ChartFrame>
  );
}
