import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';

type Chart = {
  setOption: (o: EChartsCoreOption, notMerge?: boolean) => void;
  resize: () => void;
  dispose: () => void;
};

/** An ECharts chart of `option` (line, bar, pie), resized with its box; ECharts loads on first use. */
export function EChart(props: { option: EChartsCoreOption; height?: number; testId?: string }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | undefined>(undefined);
  const option = useRef(props.option);
  useEffect(() => {
    option.current = props.option;
    chart.current?.setOption(props.option, true);
  }, [props.option]);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    void import('./echarts-core').then(({ echarts }) => {
      if (disposed || !el.current) return;
      chart.current = echarts.init(el.current) as unknown as Chart;
      chart.current.setOption(option.current, true);
      el.current.dataset.rendered = 'true';
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => chart.current?.resize());
        observer.observe(el.current);
      }
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = undefined;
    };
  }, []);

  return <div ref={el} data-testid={props.testId} style={{ width: '100%', height: props.height ?? 300 }} />;
}
