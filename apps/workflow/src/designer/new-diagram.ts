/** A new model's starting diagram: one start event, as the bpmn.io designer opens. */
export function newDiagramXml(processId: string, name: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:flowable="http://flowable.org/bpmn" id="Definitions_${esc(processId)}" targetNamespace="http://www.flowable.org/processdef">
  <process id="${esc(processId)}" name="${esc(name)}" isExecutable="true">
    <startEvent id="start" name="开始" flowable:initiator="applyUser" />
  </process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_${esc(processId)}">
    <bpmndi:BPMNPlane id="BPMNPlane_${esc(processId)}" bpmnElement="${esc(processId)}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start">
        <dc:Bounds x="160" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>
`;
}
