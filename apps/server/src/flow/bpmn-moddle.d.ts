// bpmn-moddle 10 ships its types under the "./types" export only; this is the part the compiler uses.
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(
      xml: string,
      typeName?: string,
    ): Promise<{
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      rootElement: any;
      warnings: { message: string }[];
    }>;
  }
}
