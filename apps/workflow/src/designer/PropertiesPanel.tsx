import { useState } from 'react';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesignerElement, DesignerHandle } from './designer-types';

const NCNAME = /^[A-Za-z_][\w.-]*$/;

/** Text that is written to the diagram when the field loses focus (one undo step per edit). */
function PropInput({
  label,
  help,
  value,
  onCommit,
  disabled,
  testId,
}: {
  label: string;
  help?: string;
  value: string;
  onCommit: (value: string) => void;
  disabled?: boolean;
  testId: string;
}) {
  const [text, setText] = useState(value);
  // the diagram changed the value (undo, another element): show it
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  return (
    <Form.Item label={label} extra={help} style={{ marginBottom: 12 }}>
      <Input
        data-testid={testId}
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => text !== value && onCommit(text.trim())}
        onPressEnter={() => text !== value && onCommit(text.trim())}
      />
    </Form.Item>
  );
}

/** The small properties panel (docs/architecture.md#the-workflow-executor): id and name of anything; a user
 * task's assignee and candidates; a sequence flow's condition; an exclusive gateway's default flow; a start's
 * initiator. */
export function PropertiesPanel({ element, handle }: { element: DesignerElement; handle: DesignerHandle }) {
  const { t } = useTranslation('workflow');
  const bo = element.businessObject;
  const type = bo.$type;
  const isRoot = type === 'bpmn:Process';
  const attr = (name: string) => String(bo.get(name) ?? '');
  const set = (props: Record<string, unknown>) => handle.update(element, props);
  const outgoing = (element.outgoing ?? []).filter((c) => c.type === 'bpmn:SequenceFlow');

  return (
    <Form layout="vertical" size="small" data-testid="bpmn-properties">
      <Typography.Text type="secondary">
        {isRoot ? t('designer.process') : type.replace('bpmn:', '')}
      </Typography.Text>
      <PropInput
        testId="prop-id"
        label={t('designer.elementId')}
        value={bo.id}
        disabled={isRoot}
        onCommit={(id) => NCNAME.test(id) && !handle.byId(id) && set({ id })}
      />
      <PropInput
        testId="prop-name"
        label={t('designer.elementName')}
        value={bo.name ?? ''}
        onCommit={(name) => set({ name })}
      />
      {type === 'bpmn:UserTask' && (
        <>
          <PropInput
            testId="prop-assignee"
            label={t('designer.assignee')}
            help={t('designer.assigneeHelp')}
            value={attr('flowable:assignee')}
            onCommit={(v) => set({ 'flowable:assignee': v || undefined })}
          />
          <PropInput
            testId="prop-candidateUsers"
            label={t('designer.candidateUsers')}
            help={t('designer.candidateUsersHelp')}
            value={attr('flowable:candidateUsers')}
            onCommit={(v) => set({ 'flowable:candidateUsers': v || undefined })}
          />
          <PropInput
            testId="prop-candidateGroups"
            label={t('designer.candidateGroups')}
            help={t('designer.candidateGroupsHelp')}
            value={attr('flowable:candidateGroups')}
            onCommit={(v) => set({ 'flowable:candidateGroups': v || undefined })}
          />
        </>
      )}
      {type === 'bpmn:StartEvent' && (
        <PropInput
          testId="prop-initiator"
          label="initiator"
          value={attr('flowable:initiator')}
          onCommit={(v) => set({ 'flowable:initiator': v || undefined })}
        />
      )}
      {type === 'bpmn:SequenceFlow' && (
        <PropInput
          testId="prop-condition"
          label={t('designer.condition')}
          help={t('designer.conditionHelp')}
          value={bo.conditionExpression?.body ?? ''}
          onCommit={(v) => set({ conditionExpression: handle.expression(v) })}
        />
      )}
      {type === 'bpmn:ExclusiveGateway' && (
        <Form.Item label={t('designer.defaultFlow')}>
          <Select
            value={bo.default?.id ?? ''}
            onChange={(id: string) => set({ default: id ? handle.byId(id)?.businessObject : undefined })}
            options={[
              { value: '', label: t('designer.noDefault') },
              ...outgoing.map((c) => ({ value: c.id, label: c.businessObject.name || c.id })),
            ]}
          />
        </Form.Item>
      )}
    </Form>
  );
}
