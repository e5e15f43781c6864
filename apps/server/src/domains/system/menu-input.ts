import { isId } from '@tongxin/resources';
import { badRequest } from '../../http/envelope.js';

const str = (v: unknown, max: number, label: string, required?: string): string | null => {
  if (v === undefined || v === null || v === '') {
    if (required) throw badRequest(required);
    return null;
  }
  const s = String(v).trim();
  if (required && !s) throw badRequest(required);
  if (s.length > max) throw badRequest(`${label}长度不能超过${max}个字符`);
  return s;
};
const intIn = (v: unknown, allowed: number[], label: string, fallback: number): number => {
  if (v === undefined || v === null || v === '') return fallback;
  const n = Number(v);
  if (!allowed.includes(n)) throw badRequest(`${label}取值不正确`);
  return n;
};

export function validateMenu(body: Record<string, unknown>) {
  const parentId = body.parentId === undefined || body.parentId === '' ? '0' : String(body.parentId);
  if (!(parentId === '0' || isId(parentId))) throw badRequest('上级菜单主键格式不正确');
  const sort = body.sort === undefined || body.sort === '' ? 0 : Number(body.sort);
  if (!Number.isInteger(sort)) throw badRequest('菜单排序必须是整数');
  const remoteEntry = str(body.remoteEntry, 1000, '远程模块地址');
  if (remoteEntry && !/^(\/|https?:\/\/)/.test(remoteEntry))
    throw badRequest('远程模块地址必须以 / 或 http(s):// 开头');
  const remote = str(body.remote, 64, '远程模块名称');
  if (remote && !/^[A-Za-z][A-Za-z0-9_]*$/.test(remote))
    throw badRequest('远程模块名称只能包含字母、数字和下划线');
  let meta: Record<string, unknown> | null = null;
  if (body.meta && typeof body.meta === 'object' && !Array.isArray(body.meta))
    meta = body.meta as Record<string, unknown>;
  return {
    parent_id: parentId,
    code: str(body.code, 255, '菜单编号', '请输入菜单编号')!,
    name: str(body.name, 255, '菜单名称', '请输入菜单名称')!,
    name_en: str(body.nameEn, 255, '英文名称'),
    alias: str(body.alias, 255, '菜单别名'),
    path: str(body.path, 255, '路由地址'),
    source: str(body.source, 255, '菜单图标'),
    sort,
    category: intIn(body.category, [1, 2], '菜单类型', 1),
    action: intIn(body.action, [0, 1, 2, 3], '按钮功能', 0),
    is_open: intIn(body.isOpen, [1, 2], '新窗口', 1),
    remote,
    remote_entry: remoteEntry,
    query: str(body.query, 1000, '路由参数'),
    meta: meta ? JSON.stringify(meta) : null,
    remark: str(body.remark, 255, '备注'),
  };
}
