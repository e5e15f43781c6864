// Loaded on demand: bpmn-js's NavigatedViewer (about 55 KiB gzip) and its stylesheets.
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './flow-chart.css';
import type { FlowMarker } from './flow-markers';

interface Canvas {
  addMarker(element: string, marker: string): void;
  zoom(level: 'fit-viewport' | number, center?: 'auto'): number;
}
interface ElementRegistry {
  get(id: string): unknown;
}

/** Renders `xml` into `container` with the markers; resolves to a disposer. */
export async function renderDiagram(
  container: HTMLElement,
  xml: string,
  markers: Map<string, FlowMarker>,
): Promise<() => void> {
  const viewer = new NavigatedViewer({ container });
  try {
    await viewer.importXML(xml);
  } catch (error) {
    viewer.destroy();
    throw error;
  }
  const canvas = viewer.get<Canvas>('canvas');
  const registry = viewer.get<ElementRegistry>('elementRegistry');
  for (const [id, marker] of markers) if (registry.get(id)) canvas.addMarker(id, marker);
  canvas.zoom('fit-viewport', 'auto');
  return () => viewer.destroy();
}
