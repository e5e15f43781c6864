import { defineResource, type FieldDef, type Label } from '../define';
import type { RuleName } from './field';
import type { Paging } from './paging';

/** The rules parity table: the same values go through the server's validation and the UI's form rules,
 * and both must give these verdicts (apps/server/test/rules-parity.test.ts and
 * packages/shared-ui/test/rules-parity.test.tsx). */
export interface RuleCases {
  /** The field label the messages below are written for. */
  label: Label;
  /** The Chinese message when the field is required and left blank. */
  blank: string;
  /** Accepted inputs and the canonical value stored (and sent by the form). */
  valid: [input: string, canonical: string][];
  /** Refused inputs and the Chinese message of the first failure. */
  invalid: [input: string, message: string][];
}

const same = (...values: string[]): [string, string][] => values.map((v) => [v, v]);

export const RULE_CASES: Record<RuleName, RuleCases> = {
  mobile: {
    label: { zh: '手机号码', en: 'Mobile' },
    blank: '手机号码不能为空',
    valid: [...same('13800138000', '19912345678', '16600001111'), [' 13912345678 ', '13912345678']],
    invalid: [
      ['1380013800', '手机号码长度不为11位'],
      ['138001380001', '手机号码长度不为11位'],
      ['138 0013 8000', '手机号码长度不为11位'],
      ['12800138000', '手机号码格式不正确'],
      ['23800138000', '手机号码格式不正确'],
      ['1380013800a', '手机号码格式不正确'],
      ['+8613800138', '手机号码格式不正确'],
    ],
  },
  telephone: {
    label: { zh: '联系电话', en: 'Phone' },
    blank: '请输入联系电话',
    valid: [
      ...same('0891-6321234', '(0891) 632 1234', '+86 13800138000', '110', '12345'),
      [' 0891-6321234 ', '0891-6321234'],
    ],
    invalid: [
      ['12', '联系电话格式不正确'],
      ['0891-632123x', '联系电话格式不正确'],
      ['电话', '联系电话格式不正确'],
      ['1'.repeat(33), '联系电话格式不正确'],
    ],
  },
  idCard: {
    label: { zh: '身份证号', en: 'ID card' },
    blank: '请输入身份证号',
    valid: [
      ...same('11010519491231002X', '440304198506124212', '510108198002291239'),
      ['11010519491231002x', '11010519491231002X'],
      [' 440304198506124212 ', '440304198506124212'],
      // 15-digit legacy numbers: accepted, stored as their 18-digit upgrade
      ['110105491231002', '11010519491231002X'],
      ['440304850612421', '440304198506124212'],
    ],
    invalid: [
      ['110105194912310021', '身份证号的校验位不正确'],
      ['110105194902300020', '身份证号的出生日期不正确'],
      ['510108198102291236', '身份证号的出生日期不正确'],
      ['110105209912310010', '身份证号的出生日期不正确'],
      ['110105189912310015', '身份证号的出生日期不正确'],
      ['110105491302002', '身份证号的出生日期不正确'],
      ['11010519491231002', '身份证号格式不正确'],
      ['1101051949123100', '身份证号格式不正确'],
      ['11010519491231002Y', '身份证号格式不正确'],
      ['11010519491231002XX', '身份证号格式不正确'],
    ],
  },
  email: {
    label: { zh: '电子邮箱', en: 'Email' },
    blank: '请输入电子邮箱',
    valid: [...same('a@b.cn', 'user.name+tag@example.com.cn'), [' admin@tongxin.cn ', 'admin@tongxin.cn']],
    invalid: [
      ['a@b', '电子邮箱格式不正确'],
      ['ab.cn', '电子邮箱格式不正确'],
      ['a b@c.cn', '电子邮箱格式不正确'],
      ['@b.cn', '电子邮箱格式不正确'],
      ['a@@b.cn', '电子邮箱格式不正确'],
    ],
  },
  tenantId: {
    label: { zh: '租户编号', en: 'Tenant ID' },
    blank: '请输入租户编号',
    valid: [...same('000000', '100001', 'tenant_01', 'a-b'), [' 100001 ', '100001']],
    invalid: [
      ['1234567890123', '租户编号格式不正确'],
      ['00 00', '租户编号格式不正确'],
      ["000000'--", '租户编号格式不正确'],
      ['租户', '租户编号格式不正确'],
    ],
  },
  account: {
    label: { zh: '登录账号', en: 'Account' },
    blank: '请输入登录账号',
    valid: [...same('admin', 'user.name@x.cn', 'a_b-c', '13800138000'), [' admin ', 'admin']],
    invalid: [
      ['ad min', '登录账号只能包含字母、数字和 _ . @ -'],
      ['用户', '登录账号只能包含字母、数字和 _ . @ -'],
      ["admin'", '登录账号只能包含字母、数字和 _ . @ -'],
    ],
  },
  idList: {
    label: { zh: '所属角色', en: 'Roles' },
    blank: '请输入所属角色',
    valid: [...same('1', '1,2,3', '1234567890123456789'), [' 1 , 2 ,1', '1,2'], ['5,,6', '5,6']],
    invalid: [
      ['0', '所属角色格式不正确'],
      ['1,a', '所属角色格式不正确'],
      ['01', '所属角色格式不正确'],
      ['1;2', '所属角色格式不正确'],
      ['12345678901234567890', '所属角色格式不正确'],
    ],
  },
  password: {
    label: { zh: '密码', en: 'Password' },
    blank: '请输入密码',
    valid: same('abcd1234', 'correct horse', '八个字符的密码啊', 'e10adc3949ba59abbe56e057f20f883e'),
    invalid: [
      ['1', '密码长度不能少于8位'],
      ['1234567', '密码长度不能少于8位'],
      ['七个字符的密码', '密码长度不能少于8位'],
    ],
  },
  geoPolygon: {
    label: { zh: '网格边界', en: 'Boundary' },
    blank: '请输入网格边界',
    valid: [
      ...same(
        '{"type":"Polygon","coordinates":[[[91.1,29.6],[91.2,29.6],[91.2,29.7],[91.1,29.6]]]}',
        '{"type":"MultiPolygon","coordinates":[[[[91.1,29.6],[91.2,29.6],[91.2,29.7],[91.1,29.6]]]]}',
      ),
    ],
    invalid: [
      ['{"type":"Point","coordinates":[91.1,29.6]}', '网格边界应为GeoJSON面(Polygon或MultiPolygon)'],
      [
        '{"type":"Polygon","coordinates":[[[91.1,29.6],[91.2,29.6],[91.2,29.7]]]}',
        '网格边界应为GeoJSON面(Polygon或MultiPolygon)',
      ],
      [
        '{"type":"Polygon","coordinates":[[[191,29.6],[91.2,29.6],[91.2,29.7],[191,29.6]]]}',
        '网格边界应为GeoJSON面(Polygon或MultiPolygon)',
      ],
      ['not json', '网格边界应为GeoJSON面(Polygon或MultiPolygon)'],
    ],
  },
  bucketName: {
    label: { zh: '空间名', en: 'Bucket' },
    blank: '请输入空间名',
    valid: [...same('files', 'tongxin-uploads', 'my.bucket.01', 'a1b'), [' files ', 'files']],
    invalid: [
      ['a/b', '空间名格式不正确,应为3-63位小写字母、数字、点或连字符,以字母或数字开头和结尾'],
      ['../files', '空间名格式不正确,应为3-63位小写字母、数字、点或连字符,以字母或数字开头和结尾'],
      ['Files', '空间名格式不正确,应为3-63位小写字母、数字、点或连字符,以字母或数字开头和结尾'],
      ['ab', '空间名格式不正确,应为3-63位小写字母、数字、点或连字符,以字母或数字开头和结尾'],
      ['x'.repeat(64), '空间名格式不正确,应为3-63位小写字母、数字、点或连字符,以字母或数字开头和结尾'],
      ['-files', '空间名格式不正确,应为3-63位小写字母、数字、点或连字符,以字母或数字开头和结尾'],
      ['my..bucket', '空间名格式不正确,应为3-63位小写字母、数字、点或连字符,以字母或数字开头和结尾'],
      ['192.168.5.4', '空间名格式不正确,应为3-63位小写字母、数字、点或连字符,以字母或数字开头和结尾'],
      ['xn--files', '空间名格式不正确,应为3-63位小写字母、数字、点或连字符,以字母或数字开头和结尾'],
      ['files-s3alias', '空间名格式不正确,应为3-63位小写字母、数字、点或连字符,以字母或数字开头和结尾'],
      ['文件', '空间名格式不正确,应为3-63位小写字母、数字、点或连字符,以字母或数字开头和结尾'],
    ],
  },
};

/** Paging parameters and their verdict: the paging read, or the Chinese message. */
export const PAGING_CASES: [query: { current?: string; size?: string }, verdict: Paging | string][] = [
  [{}, { current: 1, size: 10 }],
  [
    { current: '2', size: '30' },
    { current: 2, size: 30 },
  ],
  [
    { current: '', size: '' },
    { current: 1, size: 10 },
  ],
  [{ size: '100000' }, { current: 1, size: 500 }],
  [{ size: 'abc' }, '分页参数 size 必须是正整数'],
  [{ size: '-1' }, '分页参数 size 必须是正整数'],
  [{ current: '0' }, '分页参数 current 必须是正整数'],
  [{ current: '1.5', size: 'x' }, '分页参数 current 必须是正整数'],
];

/** The field of a rule in the parity definition: `<rule>` optional, `<rule>Required` required. The
 * field's kind is the one implying the rule where there is one (phone, idcard, email, multiple ref). */
function ruleField(rule: RuleName, required: boolean): FieldDef {
  const base = { name: required ? `${rule}Required` : rule, label: RULE_CASES[rule].label, maxLength: 1000 };
  const byKind: Partial<Record<RuleName, FieldDef>> = {
    mobile: { ...base, kind: 'phone' },
    idCard: { ...base, kind: 'idcard' },
    email: { ...base, kind: 'email' },
    idList: { ...base, kind: 'ref', ref: { resource: 'role', labelField: 'roleName', multiple: true } },
  };
  return { ...(byKind[rule] ?? { ...base, kind: 'string', rule }), ...(required ? { required: true } : {}) };
}

/** A definition with one optional and one required field per rule, for the parity tests. */
export const RULES_PARITY_RESOURCE = defineResource({
  name: 'rulesParity',
  label: { zh: '规则', en: 'Rules' },
  path: '/api/rules-parity',
  table: 'rules_parity',
  permission: 'rules_parity',
  tenant: false,
  audit: false,
  softDelete: false,
  fields: (Object.keys(RULE_CASES) as RuleName[]).flatMap((r) => [ruleField(r, false), ruleField(r, true)]),
});
