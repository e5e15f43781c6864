import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { http, type R } from '@tongxin/api-client';

interface UserOption {
  id: string;
  realName: string;
}

/** The first approver: a colleague of the caller's tenant, searched by name. Reads the users' picker
 * list (id and real name only), which staff holding any work_* screen may read. */
export function ApproverSelect({
  id,
  value,
  onChange,
  placeholder,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
}) {
  const [users, setUsers] = useState<UserOption[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    http
      .get<R<UserOption[]>>('/api/blade-user/select')
      .then((res) => setUsers(res.data.data ?? []))
      .catch(() => undefined) // shown by the http client
      .finally(() => setLoading(false));
  }, []);
  return (
    <Select
      id={id}
      showSearch
      allowClear
      loading={loading}
      placeholder={placeholder}
      value={value || undefined}
      onChange={(v: string | undefined) => onChange?.(v)}
      optionFilterProp="label"
      options={users.map((u) => ({ value: u.id, label: u.realName }))}
    />
  );
}
