/** The party domain's demo content (enough to make every party screen look lived in): sections, a year of
 * activity titles, study and discipline material, names for enrolments, reports and appraisals (Tibetan and
 * Han). */

export const ACTIVITY_SECTIONS = ['主题党日', '三会一课', '志愿服务', '学习教育', '组织生活会'];
export const STUDY_SECTIONS: [string, number][] = [
  ['理论学习', 1],
  ['党史学习', 1],
  ['政策解读', 0],
  ['双语课堂', 0],
];
export const DISCIPLINE_SECTIONS = ['廉政教育', '警示教育', '政策法规', '曝光台', '纪检动态', '举报须知'];

const SURNAMES_HAN = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '马', '孙'];
const GIVEN_HAN = ['建华', '秀英', '志强', '丽', '伟', '敏', '军', '静', '磊', '芳', '勇', '霞'];
const TIBETAN = [
  '次仁',
  '卓玛',
  '扎西',
  '格桑',
  '平措',
  '德吉',
  '尼玛',
  '达瓦',
  '拉巴',
  '普布',
  '边巴',
  '旦增',
  '央金',
  '白玛',
  '索朗',
  '强巴',
  '洛桑',
  '曲珍',
  '多吉',
  '桑珠',
  '顿珠',
  '拉姆',
  '央宗',
  '措姆',
];

/** `n` distinct member names, about three Tibetan names to one Han name (n ≤ 500). */
export function memberNames(n: number, seed = 0): string[] {
  const out = new Set<string>();
  for (let k = seed; out.size < Math.min(n, 500); k++) {
    const t = TIBETAN.length;
    const name =
      k % 4 === 3
        ? `${SURNAMES_HAN[k % SURNAMES_HAN.length]}${GIVEN_HAN[Math.floor(k / SURNAMES_HAN.length) % GIVEN_HAN.length]}`
        : `${TIBETAN[k % t]}${TIBETAN[(k + 1 + Math.floor(k / t)) % t]}`;
    out.add(name);
  }
  return [...out];
}

export const ACTIVITY_TITLES = [
  '“不忘初心、牢记使命”主题党日',
  '支部党员大会：学习二十大精神',
  '社区环境整治志愿服务',
  '民族团结进步宣讲进社区',
  '党课：新时代党的建设',
  '重温入党誓词活动',
  '关爱孤寡老人走访慰问',
  '组织生活会暨民主评议',
  '双语政策宣讲',
  '党员先锋岗服务日',
  '学习贯彻党章专题讨论',
  '七一建党节主题活动',
];

export const STUDY_TITLES = [
  '习近平新时代中国特色社会主义思想学习纲要',
  '中国共产党章程逐条解读',
  '党史上的今天：西藏和平解放',
  '新时代党员的先锋模范作用',
  '基层党组织工作条例解读',
  '民族区域自治制度讲座',
  '党员必学：廉洁自律准则',
  '藏汉双语党课：为人民服务',
];

export const DISCIPLINE_TITLES = [
  '中国共产党纪律处分条例（全文）',
  '八项规定精神解读',
  '警示教育：典型案例剖析',
  '关于违规收送礼金问题的通报',
  '纪检监察举报须知',
  '廉洁文化进社区活动纪实',
];

export const REPORT_TITLES = ['思想汇报', '学习心得', '工作汇报', '季度思想汇报'];

export const DISCIPLINE_REPORTS: [string, number, string, string][] = [
  ['社区干部违规收受礼品', 3, '张某', '某街道办事处'],
  ['低保评定优亲厚友', 4, '李某', '某社区居委会'],
  ['工作日午间饮酒', 6, '王某', '某单位'],
  ['办事推诿、门难进脸难看', 5, '赵某', '某服务中心'],
  ['公车私用', 3, '刘某', '某局'],
  ['违规操办婚丧喜庆事宜', 6, '陈某', '某社区'],
];

export const UNITS = [
  '城关区人民政府',
  '拉萨市第一中学',
  '西藏电力公司',
  '城关区人民医院',
  '拉萨市税务局',
  '城关区司法局',
];
