import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { http, type R } from '@tongxin/api-client';
import { looksMasked, revealCodes, type FieldDef, type ResourceDef } from '@tongxin/resources';
import { useSessionStore } from '@tongxin/shared-ui/session';
import { useCrudT } from './i18n';
import type { Row } from './wire';

/** Personal data on a screen: the server answers it masked (`5401**********2111`); a holder of the
 * resource's reveal button (`<permission>_reveal`) asks for one record whole with the eye beside a
 * masked value, which the server notes in 操作审计. The whole values stay in this screen's memory only. */
interface RevealState {
  canReveal: boolean;
  /** record id → its values as revealed */
  revealed: Record<string, Row>;
  reveal: (id: string) => Promise<void>;
}

const RevealContext = createContext<RevealState | undefined>(undefined);

/** Whether a field's value comes masked (a sensitive field, or snapshots holding sensitive keys). */
const isSensitive = (field: FieldDef) =>
  Boolean(field.sensitive || field.compare?.keys.some((k) => k.sensitive));

/** Provides the eye (显示完整信息) to the cells and views of a screen of `def` (ResourcePage wraps its table and drawer). */
export function RevealProvider({ def, children }: { def: ResourceDef; children: ReactNode }) {
  const permissions = useSessionStore((s) => s.permissions);
  const canReveal = useMemo(() => revealCodes(def).some((c) => permissions[c] === true), [def, permissions]);
  const [revealed, setRevealed] = useState<Record<string, Row>>({});
  const reveal = useCallback(
    async (id: string) => {
      try {
        const res = await http.get<R<Row>>(`${def.path}/reveal`, { params: { id } });
        setRevealed((now) => ({ ...now, [id]: res.data.data }));
      } catch {
        // shown by the http client
      }
    },
    [def.path],
  );
  const value = useMemo(() => ({ canReveal, revealed, reveal }), [canReveal, revealed, reveal]);
  return <RevealContext.Provider value={value}>{children}</RevealContext.Provider>;
}

/** The row as shown: its revealed values over the masked ones, once the user asked for them. */
export function useRevealedRow(field: FieldDef, row: Row): Row {
  const state = useContext(RevealContext);
  const whole = state && isSensitive(field) && row.id ? state.revealed[String(row.id)] : undefined;
  return whole ? { ...row, ...whole } : row;
}

/** An eye beside a masked value, for holders of the reveal button; nothing otherwise. Icon only, named
 * 显示完整信息: a row's own 查看 (its record drawer) keeps its name to itself. */
export function RevealButton({ field, row }: { field: FieldDef; row: Row }) {
  const t = useCrudT();
  const state = useContext(RevealContext);
  if (!state?.canReveal || !isSensitive(field) || !row.id) return null;
  const id = String(row.id);
  const masked = field.compare
    ? [field.name, field.compare.before].some((n) => looksMasked(row[n]))
    : looksMasked(row[field.name]);
  if (!masked || state.revealed[id]) return null;
  return (
    <Tooltip title={t('revealHint')}>
      <Button
        type="link"
        size="small"
        icon={<EyeOutlined />}
        aria-label={t('reveal')}
        data-testid={`reveal-${field.name}`}
        onClick={(e) => {
          e.stopPropagation();
          void state.reveal(id);
        }}
      />
    </Tooltip>
  );
}
