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
  const canvas = modeler.get<{ getRootElement(): DesignerElement; zoom(v: 'fit-viewport'): void }>('canvas');
  const modeling = modeler.get<{
    updateProperties(e: DesignerElement, props: Record<string, unknown>): void;
  }>('modeling');
  const moddle = modeler.get<{ create(type: string, attrs: Record<string, unknown>): unknown }>('moddle');
  const registry = modeler.get<{ get(id: string): DesignerElement | undefined }>('elementRegistry');
  canvas.zoom('fit-viewport');
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
