import type { EChartsCoreOption } from 'echarts/core';

/** ECharts options of the statistics board, from the wire's answers. */
export const lineOption = (
  dates: string[],
  series: { name: string; data: number[] }[],
): EChartsCoreOption => ({
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid: { left: 40, right: 16, top: 36, bottom: 28 },
  xAxis: { type: 'category', data: dates.map((d) => d.slice(5)), boundaryGap: false },
  yAxis: { type: 'value', minInterval: 1 },
  series: series.map((s) => ({
    type: 'line',
    name: s.name,
    data: s.data,
    smooth: true,
    areaStyle: { opacity: 0.08 },
  })),
});

export const barOption = (
  labels: string[],
  values: number[],
  name: string,
  horizontal = false,
): EChartsCoreOption => ({
  tooltip: { trigger: 'axis' },
  grid: { left: horizontal ? 120 : 40, right: 24, top: 16, bottom: 28 },
  xAxis: horizontal ? { type: 'value', minInterval: 1 } : { type: 'category', data: labels },
  yAxis: horizontal ? { type: 'category', data: labels, inverse: true } : { type: 'value', minInterval: 1 },
  series: [{ type: 'bar', name, data: values, barMaxWidth: 28, itemStyle: { color: '#b43c3c' } }],
});

export const pieOption = (items: { name: string; value: number }[]): EChartsCoreOption => ({
  tooltip: { trigger: 'item' },
  legend: { bottom: 0 },
  series: [{ type: 'pie', radius: ['40%', '68%'], data: items, label: { formatter: '{b}: {c}' } }],
});

/** Pending and done of each request module, stacked. */
export const stackOption = (
  labels: string[],
  pending: number[],
  done: number[],
  names: [string, string],
): EChartsCoreOption => ({
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid: { left: 40, right: 16, top: 36, bottom: 28 },
  xAxis: { type: 'category', data: labels },
  yAxis: { type: 'value', minInterval: 1 },
  series: [
    { type: 'bar', stack: 'all', name: names[0], data: pending, itemStyle: { color: '#faad14' } },
    { type: 'bar', stack: 'all', name: names[1], data: done, itemStyle: { color: '#52c41a' } },
  ],
});
