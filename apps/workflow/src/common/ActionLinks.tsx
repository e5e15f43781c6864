import { Button, Space } from 'antd';
import { useSessionStore } from '@tongxin/shared-ui/session';

export interface LinkAction {
  key: string;
  label: string;
  /** The button permission code; the link is hidden without it. */
  perm: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/** A row's operation links, each shown only with its button permission
 * (docs/domain-model.md#who-may-do-what). */
export function ActionLinks({ actions }: { actions: LinkAction[] }) {
  const permissions = useSessionStore((s) => s.permissions);
  return (
    <Space size={0} wrap>
      {actions
        .filter((a) => permissions[a.perm])
        .map((a) => (
          <Button
            key={a.key}
            type="link"
            size="small"
            danger={a.danger}
            disabled={a.disabled}
            onClick={a.onClick}
          >
            {a.label}
          </Button>
        ))}
    </Space>
  );
}

/** True when the current user holds `perm`. */
export const useCan = () => {
  const permissions = useSessionStore((s) => s.permissions);
  return (perm: string) => permissions[perm] === true;
};
