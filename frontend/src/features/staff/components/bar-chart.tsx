import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

import { directionOf } from '@/lib/i18n/languages';
import { useAppStore } from '@/stores/app-store';

// Only what a bar chart needs: Chart.js is tree-shaken to these parts.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface BarSeries {
  label: string;
  values: number[];
  /** A colour token of the store (`--ks-accent`, `--ks-success`, …). */
  token: string;
}

interface BarChartProps {
  /** What the chart shows, said for screen readers and as the table's caption. */
  title: string;
  labels: string[];
  series: BarSeries[];
  /** How a value is written in the tooltip, the axis and the table. */
  format: (value: number) => string;
  testId: string;
}

/** The value of a CSS custom property of the page (the store's colours). */
function token(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#7c5cff';
}

/**
 * A bar chart drawn by Chart.js on a canvas, in the store's colours, mirrored right to left;
 * the same figures are in a table for screen readers (the canvas is an image to them).
 */
export function BarChart({ title, labels, series, format, testId }: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const language = useAppStore((state) => state.language);
  const rtl = directionOf(language) === 'rtl';

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return undefined;
    const muted = token('--ks-muted');
    const grid = token('--ks-border');
    const chart = new Chart(context, {
      type: 'bar',
      data: {
        labels,
        datasets: series.map((line) => ({
          label: line.label,
          data: line.values,
          backgroundColor: token(line.token),
          borderRadius: 4,
          maxBarThickness: 28,
        })),
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        locale: language,
        plugins: {
          legend: { display: series.length > 1, rtl, labels: { color: muted, boxWidth: 12 } },
          tooltip: {
            rtl,
            callbacks: {
              label: (item) => `${item.dataset.label ?? ''}: ${format(item.parsed.y ?? 0)}`,
            },
          },
        },
        scales: {
          x: {
            reverse: rtl,
            ticks: { color: muted, maxRotation: 0, autoSkipPadding: 12 },
            grid: { display: false },
          },
          y: {
            position: rtl ? 'right' : 'left',
            beginAtZero: true,
            ticks: { color: muted, precision: 0, callback: (value) => format(Number(value)) },
            grid: { color: grid },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, series, format, rtl, language]);

  return (
    <figure className="ks-staff__chart" data-testid={testId}>
      <div className="ks-staff__chart-canvas">
        <canvas ref={canvas} role="img" aria-label={title} />
      </div>
      <table className="ks-visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <td />
            {series.map((line) => (
              <th key={line.label} scope="col">
                {line.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, index) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {series.map((line) => (
                <td key={line.label}>{format(line.values[index] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
