import type { ComponentType } from 'react';
import * as icons from './menu-icons';

const ICONS: Record<string, ComponentType> = icons;

/** `source` may be 'SettingOutlined', 'setting' or 'icon-setting'; unknown names get the default. */
export function MenuIcon({ source }: { source?: string }) {
  const raw = (source ?? '').replace(/^(iconfont\s+)?icon-/, '').trim();
  const pascal = raw.replace(/(^|[-_\s])(\w)/g, (_, __: string, c: string) => c.toUpperCase());
  const Icon = ICONS[raw] ?? ICONS[`${pascal}Outlined`] ?? icons.MenuOutlined;
  return <Icon />;
}
