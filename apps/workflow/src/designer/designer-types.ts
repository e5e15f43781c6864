/** The part of a diagram-js element the properties panel reads. */
export interface DesignerElement {
  id: string;
  type: string;
  businessObject: BusinessObject;
  /** outgoing connections of a shape */
  outgoing?: DesignerElement[];
  source?: DesignerElement;
}

export interface BusinessObject {
  id: string;
  name?: string;
  $type: string;
  get(name: string): unknown;
  conditionExpression?: { body?: string };
  default?: { id: string };
}

/** What the designer does with the Modeler (see bpmn-modeler.ts). */
export interface DesignerHandle {
  root(): DesignerElement;
  byId(id: string): DesignerElement | undefined;
  update(element: DesignerElement, props: Record<string, unknown>): void;
  expression(body: string): unknown;
  saveXML(): Promise<string>;
  destroy(): void;
}
