/** Plain SVG charts: the demo needs three small charts, not a charting library in the bundle. */
import type { JSX } from 'react';

interface ChartProps {
  labels: string[];
  values: number[];
  /** Accessible description of the whole chart. */
  label: string;
}

const W = 320;
const H = 170;
const PAD = { top: 12, right: 10, bottom: 22, left: 34 };
const GRID_LINES = 5;

function niceMax(values: number[]): number {
  const max = Math.max(1, ...values);
  const magnitude = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / magnitude) * magnitude;
}

function Frame({ labels, max, children, label }: { labels: string[]; max: number; children: JSX.Element; label: string }) {
  const innerH = H - PAD.top - PAD.bottom;
  const step = (W - PAD.left - PAD.right) / labels.length;
  return (
    <svg className="demo-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      {Array.from({ length: GRID_LINES + 1 }, (_, i) => {
        const y = PAD.top + (innerH * i) / GRID_LINES;
        return (
          <g key={i}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} className="demo-chart__grid" />
            <text x={PAD.left - 6} y={y + 3} textAnchor="end" className="demo-chart__axis">
              {Math.round(max - (max * i) / GRID_LINES)}
            </text>
          </g>
        );
      })}
      {labels.map((l, i) => (
        <text key={i} x={PAD.left + step * (i + 0.5)} y={H - 6} textAnchor="middle" className="demo-chart__axis">
          {l}
        </text>
      ))}
      {children}
    </svg>
  );
}

export function BarChart({ labels, values, label }: ChartProps): JSX.Element {
  const max = niceMax(values);
  const innerH = H - PAD.top - PAD.bottom;
  const step = (W - PAD.left - PAD.right) / labels.length;
  const barW = Math.min(14, step * 0.5);
  return (
    <Frame labels={labels} max={max} label={label}>
      <g>
        {values.map((v, i) => {
          const h = (innerH * v) / max;
          return (
            <rect
              key={i}
              x={PAD.left + step * (i + 0.5) - barW / 2}
              y={PAD.top + innerH - h}
              width={barW}
              height={h}
              rx={3}
              className="demo-chart__bar"
            />
          );
        })}
      </g>
    </Frame>
  );
}

export function LineChart({ labels, values, label }: ChartProps): JSX.Element {
  const max = niceMax(values);
  const innerH = H - PAD.top - PAD.bottom;
  const step = (W - PAD.left - PAD.right) / labels.length;
  const points = values.map((v, i) => [PAD.left + step * (i + 0.5), PAD.top + innerH - (innerH * v) / max] as const);
  const path = points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  return (
    <Frame labels={labels} max={max} label={label}>
      <g>
        <path d={path} className="demo-chart__line" />
        {points.map(([x, y], i) => (
          <circle key={i} cx={x} cy={y} r={3} className="demo-chart__dot" />
        ))}
      </g>
    </Frame>
  );
}
