import type { SalesPeriod, SalesReport } from '@storyhouse/contracts';
import { AxisBottom, AxisLeft, type TickRendererProps } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Line } from '@visx/shape';
import { type RefObject, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { usePeriodWords } from './report-words';

/** The figures the chart draws, each a bar of a period, in this order. */
const series = ['sales', 'gifts', 'refunds'] as const;
type Series = (typeof series)[number];
const amount = (period: SalesPeriod, s: Series) => period[`${s}_usd`];

const HEIGHT = 280;
const FONT = 12;
/** The width of a character of the tick labels, roughly, to leave them room. */
const CHAR = FONT * 0.62;

/**
 * A tick's label as plain SVG text (visx's own wraps each in an <svg> of its
 * own, which reads as one more image inside the chart's).
 */
function TickLabel({ x, y, dx, dy, textAnchor, formattedValue }: TickRendererProps) {
  return (
    <text x={x} y={y} dx={dx} dy={dy} textAnchor={textAnchor} fontSize={FONT} className="reports-chart__tick">
      {formattedValue}
    </text>
  );
}

/**
 * The money axis's labels in the site language: whole dollars when every
 * tick is one ("$800", "800 US$"), so they take little room on a phone;
 * with cents otherwise (a range of a few dollars).
 */
function useTickMoney(ticks: number[]) {
  const { lang, formatMoney } = useI18n();
  const whole = ticks.every((v) => Number.isInteger(v));
  return useMemo(() => {
    if (!whole) return formatMoney;
    const format = new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    return (usd: number) => format.format(usd);
  }, [lang, formatMoney, whole]);
}

/** The width of an element as it is laid out, again whenever it changes (a phone turned, the window resized). */
function useWidth(ref: RefObject<HTMLElement | null>, initial: number) {
  const [width, setWidth] = useState(initial);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = Math.floor(el.getBoundingClientRect().width);
      if (w > 0) setWidth(w);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The sales report as a picture (issue 29 item 5): per period, a bar each for
 * sales, gifts and refunds, told apart by fill pattern as well as colour and
 * named in the legend. The SVG is drawn at the width it has (its text stays
 * readable on a phone), is one image for screen readers, named by its
 * title that sums it up (the whole range's totals); the table below it holds
 * every figure.
 */
export function SalesChart({ report }: { report: SalesReport }) {
  const { t, formatMoney } = useI18n();
  const words = usePeriodWords(report.interval);
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const captionId = `${uid}-caption`;
  const fill: Record<Series, string> = {
    sales: `url(#${uid}-sales)`,
    gifts: `url(#${uid}-gifts)`,
    refunds: `url(#${uid}-refunds)`,
  };
  const boxRef = useRef<HTMLDivElement>(null);
  const width = useWidth(boxRef, 640);

  const { periods, totals } = report;
  const max = Math.max(0, ...periods.flatMap((p) => series.map((s) => amount(p, s))));
  const y = scaleLinear<number>({ domain: [0, max > 0 ? max : 1], nice: true });
  const yTicks = y.ticks(5);
  const tickMoney = useTickMoney(yTicks);
  const left = Math.ceil(Math.max(...yTicks.map((v) => tickMoney(v).length)) * CHAR) + 12;
  const margin = { top: 12, right: 8, bottom: 52, left };
  const innerWidth = Math.max(width - margin.left - margin.right, 10);
  const innerHeight = HEIGHT - margin.top - margin.bottom;
  y.range([innerHeight, 0]);

  const starts = periods.map((p) => p.start);
  const x = scaleBand<string>({ domain: starts, range: [0, innerWidth], paddingInner: 0.2, paddingOuter: 0.1 });
  // A period's three bars side by side, at most 40 px each (a few periods would otherwise draw slabs), centred.
  const group = Math.min(x.bandwidth(), series.length * 44);
  const offset = (x.bandwidth() - group) / 2;
  const bars = scaleBand<Series>({ domain: [...series], range: [offset, offset + group], padding: 0.08 });

  // As many period labels as fit side by side; the others are left out, evenly.
  const labels = words.ticks(starts);
  const slot = Math.max(...labels.map((l) => l.length), 1) * CHAR + 10;
  const step = Math.max(1, Math.ceil((starts.length * slot) / innerWidth));
  const shown = starts.filter((_, i) => i % step === 0);
  const labelOf = new Map(words.ticks(shown).map((label, i) => [shown[i], label]));

  const caption = t('admin.reports.chart.caption', {
    interval: report.interval,
    from: words.day(report.from),
    to: words.day(report.to),
    sales: formatMoney(totals.sales_usd),
    gifts: formatMoney(totals.gifts_usd),
    refunds: formatMoney(totals.refunds_usd),
  });

  return (
    <div className="reports-chart">
      <ul className="reports-chart__legend">
        {series.map((s) => (
          <li key={s}>
            <svg className="reports-chart__swatch" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <rect
                x="0.5"
                y="0.5"
                width="15"
                height="15"
                className={`reports-chart__bar reports-chart__bar--${s}`}
                fill={fill[s]}
              />
            </svg>
            {t(`admin.reports.col.${s}`)}
          </li>
        ))}
      </ul>
      <div ref={boxRef} className="reports-chart__box">
        <svg
          role="img"
          aria-labelledby={captionId}
          className="reports-chart__svg"
          width="100%"
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="xMinYMin meet"
        >
          <title id={captionId}>{caption}</title>
          <defs>
            <pattern id={`${uid}-sales`} width="6" height="6" patternUnits="userSpaceOnUse">
              <rect width="6" height="6" className="reports-chart__fill--sales" />
            </pattern>
            <pattern id={`${uid}-gifts`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="6" height="6" className="reports-chart__fill--paper" />
              <rect width="3" height="6" className="reports-chart__fill--gifts" />
            </pattern>
            <pattern id={`${uid}-refunds`} width="5" height="5" patternUnits="userSpaceOnUse">
              <rect width="5" height="5" className="reports-chart__fill--paper" />
              <circle cx="2.5" cy="2.5" r="1.6" className="reports-chart__fill--refunds" />
            </pattern>
          </defs>
          <Group left={margin.left} top={margin.top}>
            {yTicks.map((v) => (
              <Line key={v} from={{ x: 0, y: y(v) }} to={{ x: innerWidth, y: y(v) }} className="reports-chart__grid" />
            ))}
            {periods.map((period) =>
              series.map((s) => {
                const value = amount(period, s);
                if (value <= 0) return null;
                const top = y(value);
                return (
                  <Bar
                    key={`${period.start}-${s}`}
                    x={(x(period.start) ?? 0) + (bars(s) ?? 0)}
                    y={top}
                    width={Math.max(bars.bandwidth(), 1)}
                    height={Math.max(innerHeight - top, 1)}
                    className={`reports-chart__bar reports-chart__bar--${s}`}
                    fill={fill[s]}
                  />
                );
              }),
            )}
            <AxisLeft
              scale={y}
              tickValues={yTicks}
              tickFormat={(v) => tickMoney(Number(v))}
              axisClassName="reports-chart__axis"
              tickComponent={TickLabel}
              hideAxisLine
              hideTicks
            />
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={shown}
              tickFormat={(start) => labelOf.get(start) ?? ''}
              axisClassName="reports-chart__axis"
              tickComponent={TickLabel}
            />
            <text x={innerWidth / 2} y={innerHeight + 42} textAnchor="middle" fontSize={FONT} className="reports-chart__tick">
              {t('admin.reports.chart.axis', { interval: report.interval })}
            </text>
          </Group>
        </svg>
      </div>
    </div>
  );
}
