import { useEffect, useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { getDictBiz, getDictionary } from '@tongxin/api-client';

export type ShapeKind = 'mesh' | 'place';

interface Option {
  value: string;
  label: string;
}

/** Names a shape just drawn: a mesh (code, name, level, community) or a place (name, type, community,
 * address). */
export function ShapeDialog(props: {
  kind: ShapeKind | undefined;
  communities: Option[];
  onOk: (values: Record<string, unknown>) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('shell');
  const [form] = Form.useForm();
  const [levels, setLevels] = useState<Option[]>([]);
  const [types, setTypes] = useState<Option[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    const asOptions = (items: { dictKey: string; dictValue: string }[]) =>
      items.map((i) => ({ value: String(i.dictKey), label: i.dictValue }));
    void getDictionary('mesh_level').then((items) => setLevels(asOptions(items)));
    void getDictBiz('institution_type').then((items) => setTypes(asOptions(items)));
  }, []);
  useEffect(() => {
    if (props.kind) form.resetFields();
  }, [props.kind, form]);
  const required = (message: string) => [{ required: true, message }];
  return (
    <Modal
      open={props.kind !== undefined}
      title={props.kind === 'mesh' ? t('map.newMesh') : t('map.newPlace')}
      confirmLoading={saving}
      destroyOnHidden
      onCancel={props.onCancel}
      onOk={async () => {
        const values = await form.validateFields();
        setSaving(true);
        try {
          await props.onOk(values);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical" initialValues={{ meshLevel: '3', institutionType: '1' }}>
        {props.kind === 'mesh' ? (
          <>
            <Form.Item name="meshCode" label={t('map.meshCode')} rules={required('请输入网格编码')}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="meshName" label={t('map.meshName')} rules={required('请输入网格名称')}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="meshLevel" label={t('map.meshLevel')} rules={required('请选择网格层级')}>
              <Select options={levels} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="institutionName" label={t('map.placeName')} rules={required('请输入名称')}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="institutionType" label={t('map.placeType')} rules={required('请选择类型')}>
              <Select options={types} />
            </Form.Item>
            <Form.Item name="address" label={t('map.address')} rules={required('请输入地址')}>
              <Input maxLength={200} />
            </Form.Item>
          </>
        )}
        <Form.Item name="communityId" label={t('map.community')} rules={required('请选择所属社区')}>
          <Select options={props.communities} showSearch optionFilterProp="label" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
