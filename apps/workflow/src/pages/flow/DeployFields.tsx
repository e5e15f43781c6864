import { useEffect, useState } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { http, type Page, type R } from '@tongxin/api-client';
import { useSessionStore } from '@tongxin/shared-ui/session';
import { CategorySelect } from '../../common/CategorySelect';

interface TenantRow {
  tenantId: string;
  tenantName: string;
}

/** Only the platform administrator deploys into other tenants (the server refuses anyone else). */
const useIsPlatformAdmin = () =>
  useSessionStore((s) =>
    (s.user?.role_name ?? '')
      .split(',')
      .map((r) => r.trim())
      .includes('administrator'),
  );

/** The deploy target shared by model deploy and upload: a category and, for the administrator, tenants. */
export function DeployFields() {
  const { t } = useTranslation('workflow');
  const admin = useIsPlatformAdmin();
  const [tenants, setTenants] = useState<TenantRow[]>([]);
  useEffect(() => {
    if (!admin) return;
    http
      .get<R<Page<TenantRow>>>('/api/blade-system/tenant/list', { params: { current: 1, size: 500 } })
      .then((res) => setTenants(res.data.data.records))
      .catch(() => undefined);
  }, [admin]);
  return (
    <>
      <Form.Item
        name="category"
        label={t('deploy.category')}
        rules={[{ required: true, message: t('deploy.categoryRequired') }]}
      >
        <CategorySelect />
      </Form.Item>
      {admin && (
        <Form.Item name="tenantIds" label={t('deploy.tenants')} extra={t('deploy.tenantsHelp')}>
          <Select
            mode="multiple"
            allowClear
            options={tenants.map((tn) => ({
              value: tn.tenantId,
              label: `${tn.tenantName} (${tn.tenantId})`,
            }))}
          />
        </Form.Item>
      )}
    </>
  );
}

export interface DeployValues {
  category: string;
  tenantIds?: string[];
}
