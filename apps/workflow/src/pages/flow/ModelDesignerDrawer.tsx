import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { App, Button, Col, Drawer, Form, Input, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { flowApi, type FlowModel } from '@tongxin/api-client';
import { BpmnDesigner } from '../../designer/BpmnDesigner';
import type { DesignerHandle } from '../../designer/designer-types';
import { newDiagramXml } from '../../designer/new-diagram';
import { CategorySelect } from '../../common/CategorySelect';
import { useFormName } from '../../common/use-form-name';

interface Values {
  name: string;
  modelKey: string;
  category?: string;
  description?: string;
}

const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;
const NEW_DIAGRAM = newDiagramXml('process_new', '');

/** 流程设计: the model's name, key and category, and its diagram in the bpmn-js Modeler. The process id
 * and name inside the XML follow the model key and name on save (BladeX: model key = process key). */
export function ModelDesignerDrawer({
  model,
  onClose,
  onSaved,
}: {
  /** undefined: closed; {} new; a model: edit */
  model: Partial<FlowModel> | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('workflow');
  const formName = useFormName('model');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  // the diagram read for this model; a new model starts from an empty diagram (its process id and name
  // become the model key and name on save)
  const [loaded, setLoaded] = useState<{ model: Partial<FlowModel>; xml: string }>();
  const xml = !model ? undefined : !model.id ? NEW_DIAGRAM : loaded?.model === model ? loaded.xml : undefined;
  const [saving, setSaving] = useState(false);
  const designer = useRef<DesignerHandle | undefined>(undefined);
  const close = useEffectEvent(() => onClose());

  useEffect(() => {
    if (!model) return;
    form.setFieldsValue({
      name: model.name ?? '',
      modelKey: model.modelKey ?? '',
      category: model.category || undefined,
      description: model.description ?? '',
    });
    if (!model.id) return;
    let alive = true;
    flowApi
      .modelDetail(model.id)
      .then((m) => alive && setLoaded({ model, xml: m.modelEditorXml || newDiagramXml(m.modelKey, m.name) }))
      .catch(() => alive && close());
    return () => {
      alive = false;
    };
  }, [model, form]);

  const save = async () => {
    const v = await form.validateFields();
    const handle = designer.current;
    if (!handle) return;
    setSaving(true);
    try {
      handle.update(handle.root(), { id: v.modelKey, name: v.name });
      const modelEditorXml = await handle.saveXML();
      await flowApi.modelSubmit({ id: model?.id, ...v, modelEditorXml });
      void message.success(t('msg.operateSuccess'));
      onSaved();
    } catch {
      // a refused save keeps the drawer open (the server's message was shown)
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={!!model}
      title={t('designer.title')}
      size="100%"
      maskClosable={false}
      destroyOnHidden
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={onClose}>{t('action.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save().catch(() => undefined)}>
            {t('action.save')}
          </Button>
        </Space>
      }
    >
      <Form name={formName} form={form} layout="vertical">
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item
              name="name"
              label={t('designer.name')}
              rules={[{ required: true, whitespace: true, message: t('designer.nameRequired') }]}
            >
              <Input maxLength={255} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="modelKey"
              label={t('designer.modelKey')}
              rules={[
                { required: true, message: t('designer.modelKeyRequired') },
                { pattern: KEY_PATTERN, message: t('designer.modelKeyPattern') },
              ]}
            >
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="category" label={t('designer.category')}>
              <CategorySelect />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="description" label={t('designer.description')}>
              <Input maxLength={255} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {xml && <BpmnDesigner xml={xml} onReady={(h) => (designer.current = h)} />}
    </Drawer>
  );
}
