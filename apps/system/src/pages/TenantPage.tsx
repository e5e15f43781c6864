import { useState } from 'react';
import { App, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { http, type R } from '@tongxin/api-client';
import { tenantPackageResource, tenantResource } from '@tongxin/resources';
import { resourceCalls, ResourcePage } from '@tongxin/shared-ui';

const BASE = '/api/blade-system/tenant';
type Dialog = {
  kind: 'setting' | 'package' | 'datasource';
  ids: string[];
  tenantIds: string[];
  reload: () => Promise<void>;
};

/** 租户管理 with 授权配置 (quota, expiry), 产品包配置 (package-detail / package-setting) and 数据源配置. */
export function TenantPage() {
  const { t } = useTranslation(['system', 'crud']);
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>();
  const [packages, setPackages] = useState<{ value: string; label: string }[]>([]);
  const [form] = Form.useForm();

  const open =
    (kind: Dialog['kind']) =>
    async (ctx: { rows: Record<string, unknown>[]; ids: string[]; reload: () => Promise<void> }) => {
      if (!ctx.ids.length || (kind !== 'setting' && ctx.ids.length !== 1)) {
        void message.warning(t(kind === 'setting' ? 'crud:selectAtLeastOne' : 'grant.selectOne'));
        return;
      }
      form.resetFields();
      const tenantIds = ctx.rows.map((r) => String(r.tenantId));
      if (kind === 'package') {
        try {
          const [options, detail] = await Promise.all([
            resourceCalls(tenantPackageResource).select(),
            http.get<R<{ packageId: string }>>(`${BASE}/package-detail`, {
              params: { tenantId: tenantIds[0] },
            }),
          ]);
          setPackages(options);
          form.setFieldsValue({ packageId: detail.data.data.packageId || undefined });
        } catch {
          return;
        }
      }
      if (kind === 'datasource') form.setFieldsValue({ datasourceId: ctx.rows[0]?.datasourceId });
      setDialog({ kind, ids: ctx.ids, tenantIds, reload: ctx.reload });
    };

  const submit = async () => {
    const v = (await form.validateFields()) as {
      accountNumber?: number;
      expireTime?: Dayjs;
      packageId?: string;
      datasourceId?: string;
    };
    const d = dialog!;
    try {
      if (d.kind === 'setting')
        await http.post(`${BASE}/setting`, null, {
          params: {
            ids: d.ids.join(','),
            accountNumber: v.accountNumber ?? -1,
            expireTime: v.expireTime ? v.expireTime.format('YYYY-MM-DD HH:mm:ss') : '',
          },
        });
      else if (d.kind === 'package')
        await http.post(`${BASE}/package-setting`, null, {
          params: { tenantId: d.tenantIds[0], packageId: v.packageId ?? '' },
        });
      else
        await http.post(`${BASE}/datasource`, null, {
          params: { tenantId: d.tenantIds[0], datasourceId: v.datasourceId ?? '' },
        });
      void message.success(t('crud:operateSuccess'));
      setDialog(undefined);
      await d.reload();
    } catch {
      // shown by the http client
    }
  };

  return (
    <>
      <ResourcePage
        def={tenantResource}
        actions={{ setting: open('setting'), package: open('package'), datasource: open('datasource') }}
      />
      <Modal
        open={!!dialog}
        title={dialog ? t(`tenant.${dialog.kind}Title`) : ''}
        onCancel={() => setDialog(undefined)}
        onOk={() => void submit().catch(() => undefined)}
        okText={t('crud:confirm')}
        cancelText={t('crud:cancel')}
        forceRender
      >
        <Form form={form} layout="vertical">
          {dialog?.kind === 'setting' && (
            <>
              <Form.Item name="accountNumber" label={t('tenant.accountNumber')}>
                <InputNumber min={-1} precision={0} style={{ width: '100%' }} placeholder="-1" />
              </Form.Item>
              <Form.Item name="expireTime" label={t('tenant.expireTime')}>
                <DatePicker showTime style={{ width: '100%' }} />
              </Form.Item>
            </>
          )}
          {dialog?.kind === 'package' && (
            <Form.Item name="packageId" label={t('tenant.packageId')}>
              <Select allowClear options={packages} />
            </Form.Item>
          )}
          {dialog?.kind === 'datasource' && (
            <Form.Item name="datasourceId" label={t('tenant.datasourceId')}>
              <Input allowClear />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
