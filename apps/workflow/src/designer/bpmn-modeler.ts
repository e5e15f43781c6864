// Loaded on demand: bpmn-js's Modeler (about 160 KiB gzip) and its stylesheets, for the designer only.
import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import { FLOWABLE_MODDLE } from '@tongxin/resources';
import type { DesignerElement, DesignerHandle } from './designer-types';

interface ElementFactory {
  create(elementType: string, attrs?: { type?: string; businessObject?: unknown }): unknown;
}

/** The executor runs user tasks only: a task made in the palette or the context pad is a user task
 * (a plain bpmn:Task would be refused at deploy). Imported diagrams keep their types. */
function userTasksByDefault(factory: ElementFactory): void {
  const create = factory.create.bind(factory);
  factory.create = (elementType, attrs) =>
    create(
      elementType,
      attrs?.type === 'bpmn:Task' && !attrs.businessObject ? { ...attrs, type: 'bpmn:UserTask' } : attrs,
    );
}

interface Canvas {
  getRootElement(): DesignerElement;
  zoom(value: 'fit-viewport', center: 'auto'): void;
  resized(): void;
}

/** Shows the whole diagram, centred, once the container has a size (a drawer still opening may have
 * none yet). bpmn-js's plain `fit-viewport` leaves a diagram that fits at the top left, under the
 * palette; with a centre it also shrinks a larger one to fit (it never zooms in past 100 %). */
function fitOnOpen(container: HTMLElement, canvas: Canvas): void {
  const sized = () => container.clientWidth > 0 && container.clientHeight > 0;
  const fit = () => {
    canvas.resized();
    canvas.zoom('fit-viewport', 'auto');
  };
  if (sized()) return fit();
  const observer = new ResizeObserver(() => {
    if (!sized()) return;
    observer.disconnect();
    fit();
  });
  observer.observe(container);
}

interface EventBusEvent {
  element?: DesignerElement;
  newSelection?: DesignerElement[];
}

/** A Modeler in `container` with the flowable extension, wrapped in the few calls the designer needs. */
export async function createModeler(
  container: HTMLElement,
  xml: string,
  onSelect: (element: DesignerElement) => void,
  onChanged: (element: DesignerElement) => void,
): Promise<DesignerHandle> {
  const modeler = new Modeler({ container, moddleExtensions: { flowable: FLOWABLE_MODDLE } });
  userTasksByDefault(modeler.get<ElementFactory>('elementFactory'));
  await modeler.importXML(xml);
  const canvas = modeler.get<Canvas>('canvas');
  const modeling = modeler.get<{
    updateProperties(e: DesignerElement, props: Record<string, unknown>): void;
  }>('modeling');
  const moddle = modeler.get<{ create(type: string, attrs: Record<string, unknown>): unknown }>('moddle');
  const registry = modeler.get<{ get(id: string): DesignerElement | undefined }>('elementRegistry');
  fitOnOpen(container, canvas);
  modeler.on('selection.changed', (e: EventBusEvent) =>
    onSelect(e.newSelection?.[0] ?? canvas.getRootElement()),
  );
  modeler.on('element.changed', (e: EventBusEvent) => e.element && onChanged(e.element));
  return {
    root: () => canvas.getRootElement(),
    byId: (id) => registry.get(id),
    update: (element, props) => modeling.updateProperties(element, props),
    expression: (body) => (body ? moddle.create('bpmn:FormalExpression', { body }) : undefined),
    saveXML: async () => (await modeler.saveXML({ format: true })).xml ?? '',
    destroy: () => modeler.destroy(),
  };
}
