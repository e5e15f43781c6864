import { useState } from 'react';
import { App, Col, Row as GridRow, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { dictBizResource, dictResource, type ResourceDef } from '@tongxin/resources';
import { CardContainer, resourceCalls, ResourcePage, useDictStore, type Row } from '@tongxin/shared-ui';

const PARENT_FIELDS = ['code', 'dictValue', 'sort', 'isSealed', 'remark'];
const CHILD_FIELDS = [
  'code',
  'dictValue',
  'dictValueBo',
  'parentId',
  'dictKey',
  'sort',
  'color',
  'isSealed',
  'remark',
];

/** Dictionary management (docs/front-end.md#pickers-and-widgets): the parent table of headers (parentId 0)
 * and the child tree table of the picked header's items (parentId = header id; code and parentId prefilled
 * and disabled). Both drawers are 880 wide and ignore backdrop clicks. Every change drops the cached
 * dictionary of that code; 封存 turns into 解封 on a sealed row (the definition's `toggle`). */
export function DictPage({
  def,
  layout,
  permission,
  biz,
}: {
  def: ResourceDef;
  layout: 'horizontal' | 'vertical';
  permission?: string;
  biz?: boolean;
}) {
  const { t } = useTranslation(['system', 'crud']);
  const { message } = App.useApp();
  const [header, setHeader] = useState<Row>();
  const invalidate = useDictStore((s) => s.invalidate);
  const drop = (rows: Row[]) => {
    for (const r of rows) if (r.code) invalidate(String(r.code), !!biz);
    if (header?.code) invalidate(String(header.code), !!biz);
  };
  const calls = resourceCalls(def);
  const seal = async ({ rows, reload }: { rows: Row[]; reload: () => Promise<void> }) => {
    for (const r of rows) {
      const row = await calls.detail(r);
      await calls.save({ ...row, isSealed: Number(row.isSealed) === 1 ? 0 : 1 }, false);
    }
    void message.success(t('crud:operateSuccess'));
    drop(rows);
    await reload();
  };

  const parent = (
    <ResourcePage
      def={def}
      permission={permission}
      fields={PARENT_FIELDS}
      query={{ parentId_equal: '0' }}
      defaults={{ parentId: '0' }}
      index
      maskClosable={false}
      settingKey={`columns.${permission ?? def.name}.parent`}
      onChanged={drop}
      onRowClick={setHeader}
      activeKey={header?.id}
      actions={{ seal }}
      rowExtra={(row) => [{ key: 'items', label: t('dict.items'), onClick: () => setHeader(row) }]}
    />
  );
  const child = header ? (
    <ResourcePage
      key={header.id}
      def={def}
      permission={permission}
      title={{
        zh: t('dict.itemsOf', { name: header.dictValue, lng: 'zh-CN' }),
        en: t('dict.itemsOf', { name: header.dictValue, lng: 'en' }),
      }}
      fields={CHILD_FIELDS}
      query={{ parentId_equal: header.id }}
      defaults={{ parentId: header.id, code: header.code }}
      disabled={['code', 'parentId']}
      required={{ dictKey: '请输入字典键值' }}
      index
      maskClosable={false}
      settingKey={`columns.${permission ?? def.name}.child`}
      onChanged={drop}
      actions={{ seal }}
    />
  ) : (
    <CardContainer>
      <Empty description={t('dict.pickHeader')} />
    </CardContainer>
  );
  return layout === 'horizontal' ? (
    <GridRow gutter={12}>
      <Col xs={24} xl={12}>
        {parent}
      </Col>
      <Col xs={24} xl={12} data-testid="dict-child">
        {child}
      </Col>
    </GridRow>
  ) : (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {parent}
      <div data-testid="dict-child">{child}</div>
    </div>
  );
}

/** /dict-horizontal/index: headers and items side by side. */
export const DictHorizontalPage = () => <DictPage def={dictResource} layout="horizontal" />;
/** /dict-vertical/index: headers above items; its buttons are `dict_vertical_*`. */
export const DictVerticalPage = () => (
  <DictPage def={dictResource} layout="vertical" permission="dict_vertical" />
);
/** /system/dictbiz: the tenant's business dictionaries. */
export const DictBizPage = () => <DictPage def={dictBizResource} layout="horizontal" biz />;
