// Realistic values for the generated data set: Chinese names weighted like the real surname
// distribution, mobile numbers with real carrier prefixes, places of a street office's communities.
// A seeded generator makes every run produce the same data.

import { idCardCheckDigit } from '@tongxin/resources';

/** mulberry32: small, fast, good enough for test data; never for anything secret. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export const pick = <T>(random: Random, xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
export const between = (random: Random, lo: number, hi: number): number =>
  lo + Math.floor(random() * (hi - lo + 1));

/** Picks by weight: `[[value, weight], …]`. */
export function weighted<T>(random: Random, table: readonly (readonly [T, number])[]): T {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let r = random() * total;
  for (const [value, w] of table) {
    r -= w;
    if (r < 0) return value;
  }
  return table[table.length - 1]![0];
}

// The most common surnames, most frequent first (weights roughly follow the 2020 census ranking).
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林高罗郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡蒋余于杜叶程魏苏吕丁任卢姚沈钟姜崔谭陆范汪廖石金韦贾夏付方邹熊白孟秦邱侯江尹薛闫段雷龙黎史陶贺毛郝顾龚邵万覃武钱戴严莫孔向常汤康易乔赖文'.split(
    '',
  );
const SURNAME_TABLE = SURNAMES.map((s, i) => [s, 1 / (i + 8)] as const);
const GIVEN =
  '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华建国建华志强海燕玉兰红梅丹丹晓东文博子涵浩然雨涵欣怡梓萱一诺宇轩俊杰思远佳怡紫萱嘉豪振华德明淑珍秀珍凤英桂芝春梅国庆卫东红军爱华丽华'.split(
    '',
  );

export function chineseName(random: Random): string {
  const surname = weighted(random, SURNAME_TABLE);
  const given = random() < 0.3 ? pick(random, GIVEN) : pick(random, GIVEN) + pick(random, GIVEN);
  return surname + given;
}

const MOBILE_PREFIXES = [
  '130',
  '131',
  '132',
  '133',
  '135',
  '136',
  '137',
  '138',
  '139',
  '150',
  '151',
  '152',
  '153',
  '155',
  '156',
  '157',
  '158',
  '159',
  '166',
  '173',
  '175',
  '176',
  '177',
  '178',
  '180',
  '181',
  '182',
  '183',
  '185',
  '186',
  '187',
  '188',
  '189',
  '191',
  '198',
  '199',
];

export function mobile(random: Random): string {
  return pick(random, MOBILE_PREFIXES) + String(Math.floor(random() * 1e8)).padStart(8, '0');
}

export const STREETS = [
  '城关街道',
  '东关街道',
  '西城街道',
  '南山街道',
  '北苑街道',
  '新华街道',
  '和平街道',
  '团结街道',
  '幸福街道',
  '光明街道',
] as const;

export const COMMUNITIES = [
  '文化路社区',
  '建设路社区',
  '人民路社区',
  '解放路社区',
  '胜利社区',
  '园丁社区',
  '滨河社区',
  '安居社区',
] as const;

const PLACES = [
  '党群服务中心',
  '新时代文明实践站',
  '网格服务站',
  '便民服务大厅',
  '老年日间照料中心',
  '小区门岗',
];

export function dutyPlace(random: Random, community: string): string {
  const place = pick(random, PLACES);
  return place === '小区门岗' ? `${community}${between(random, 1, 12)}号院门岗` : `${community}${place}`;
}

const CONTENT = [
  '接待群众来访,登记诉求并转交网格员跟进。',
  '协助居民办理老年证、居住证明等事项。',
  '巡查辖区楼栋,排查消防通道堆放杂物并督促清理。',
  '调解邻里噪音纠纷,双方达成谅解。',
  '宣传垃圾分类政策,发放宣传资料。',
  '走访独居老人,了解生活情况并做好记录。',
  '协助开展疫苗接种信息登记。',
  '整理党员活动台账,更新值班记录。',
];

export function dutyContent(random: Random): string {
  const n = between(random, 1, 3);
  const parts = new Set<string>();
  while (parts.size < n) parts.add(pick(random, CONTENT));
  return [...parts].join('');
}

/** 18-digit resident id with a valid check digit (GB 11643). */
export function idCard(random: Random, birth: Date): string {
  const area = pick(random, ['110101', '310104', '440106', '510107', '330106', '420106', '610113', '370102']);
  const ymd = birth.toISOString().slice(0, 10).replace(/-/g, '');
  const body = `${area}${ymd}${String(between(random, 0, 999)).padStart(3, '0')}`;
  return body + idCardCheckDigit(body);
}

/** `yyyy-MM-dd HH:mm:ss` in local wall time, the format the schema's timestamp(0) columns hold. */
export const wallTime = (d: Date): string => d.toISOString().slice(0, 19).replace('T', ' ');
export const wallDate = (d: Date): string => d.toISOString().slice(0, 10);
