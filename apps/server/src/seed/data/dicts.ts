import { FLOW_CATALOGUE } from '../flows.js';

/**
 * Seeded dictionaries: the system ones BladeX screens bind and every dictionary a definition
 * binds (docs/domain-model.md#publish-enable-and-state-dictionaries). Platform dictionaries go to
 * `blade_dict`; `biz` ones are per-tenant categories a tenant may tailor (`blade_dict_biz`, seeded for the
 * platform tenant and every new tenant). Tibetan labels (`valueBo`) are filled only where a reliable form is
 * known; review before release.
 */
export interface SeedDictItem {
  key: string;
  value: string;
  valueBo?: string;
  sort?: number;
  remark?: string;
  /** Tag colour of the value (antd preset), for status dictionaries. */
  color?: string;
}

export interface SeedDict {
  code: string;
  name: string;
  biz?: boolean;
  items: SeedDictItem[];
}

/** [key, value, valueBo?] */
type Item = readonly [string | number, string, string?];

const dict = (code: string, name: string, items: readonly Item[], biz = false): SeedDict => ({
  code,
  name,
  ...(biz ? { biz } : {}),
  items: items.map(([key, value, valueBo]) => ({ key: String(key), value, ...(valueBo ? { valueBo } : {}) })),
});
const biz = (code: string, name: string, items: readonly Item[]) => dict(code, name, items, true);
const withRemarks = (d: SeedDict, remarks: Record<string, string>): SeedDict => ({
  ...d,
  items: d.items.map((item) => (remarks[item.key] ? { ...item, remark: remarks[item.key] } : item)),
});

/** "1 男, 2 女" → items; keeps the lists below as compact as the docs write them. */
const parse = (text: string): Item[] =>
  text.split(/,\s*/).map((pair) => {
    const space = pair.indexOf(' ');
    return [pair.slice(0, space), pair.slice(space + 1)] as const;
  });

const NATIONS =
  '01 汉族, 04 藏族, 03 回族, 02 蒙古族, 27 纳西族, 54 门巴族, 55 珞巴族, 05 维吾尔族, 06 苗族, 07 彝族, ' +
  '08 壮族, 09 布依族, 10 朝鲜族, 11 满族, 12 侗族, 13 瑶族, 14 白族, 15 土家族, 16 哈尼族, 17 哈萨克族, ' +
  '18 傣族, 19 黎族, 20 傈僳族, 21 佤族, 22 畲族, 23 高山族, 24 拉祜族, 25 水族, 26 东乡族, 28 景颇族, ' +
  '29 柯尔克孜族, 30 土族, 31 达斡尔族, 32 仫佬族, 33 羌族, 34 布朗族, 35 撒拉族, 36 毛南族, 37 仡佬族, ' +
  '38 锡伯族, 39 阿昌族, 40 普米族, 41 塔吉克族, 42 怒族, 43 乌孜别克族, 44 俄罗斯族, 45 鄂温克族, ' +
  '46 德昂族, 47 保安族, 48 裕固族, 49 京族, 50 塔塔尔族, 51 独龙族, 52 鄂伦春族, 53 赫哲族, 56 基诺族, ' +
  '97 其他, 98 外国血统';

const system: SeedDict[] = [
  dict('sex', '性别', parse('1 男, 2 女, 0 未知')),
  dict('yes_no', '是否', parse('0 否, 1 是')),
  dict('notice', '通知类型', parse('1 发布通知, 2 批转通知, 3 转发通知, 4 指示通知, 5 任免通知, 6 事务通知')),
  dict('menu_category', '菜单类型', parse('1 菜单, 2 按钮')),
  dict('button_func', '按钮功能', parse('1 工具栏, 2 操作栏, 3 工具操作栏')),
  dict(
    'data_scope_type',
    '数据权限',
    parse('1 全部可见, 2 本人可见, 3 所在机构可见, 4 所在机构及子级可见, 5 自定义'),
  ),
  dict('api_scope_type', '接口权限', parse('1 系统接口, 2 业务接口')),
  dict('scope_category', '权限类型', parse('1 数据权限, 2 接口权限')),
  dict('post_category', '岗位类型', parse('1 高层, 2 中层, 3 基层, 4 其他')),
  dict('org_category', '机构类型', parse('1 区县, 2 街道, 3 社区')),
  dict('region', '行政区划', parse('0 国家, 1 省份直辖市, 2 地市, 3 区县, 4 乡镇街道, 5 村委社区')),
  dict('user_type', '用户平台', parse('1 WEB, 2 APP, 3 OTHER')),
  dict('oss', '对象存储类型', parse('1 minio, 2 七牛云, 3 阿里云, 4 腾讯云, 5 本地存储')),
  dict('sms', '短信服务类型', parse('1 云片, 2 七牛云, 3 阿里云, 4 腾讯云')),
  // the remark names the route segment of a process's own pages (/work/process/<remark>/…), as in BladeX
  withRemarks(
    dict('flow', '流程类型', [
      ['1', '请假流程'],
      ...FLOW_CATALOGUE.map((f): Item => [f.category.replace('flow_', ''), f.name]),
    ]),
    { '1': 'leave' },
  ),
];

const common: SeedDict[] = [
  dict('enable_status', '启用状态', parse('0 停用, 1 启用')),
  dict('audit_status', '审核状态', parse('0 待审核, 1 已通过, 2 已驳回, 3 已撤回')),
  dict('publish_status', '发布状态', parse('0 草稿, 1 已发布, 2 已下架')),
  dict('read_status', '阅读状态', parse('0 未读, 1 已读')),
  dict('reply_status', '回复状态', parse('0 未回复, 1 已回复')),
  dict('handle_status', '办理状态', parse('0 待受理, 1 处理中, 2 已办结, 3 不予受理, 4 已撤销')),
  dict('overdue_status', '超期状态', parse('0 未超期, 1 已超期')),
  dict('scope_type', '发布范围', parse('0 全部社区, 1 指定社区')),
  dict('content_type', '内容类型', parse('1 图文, 2 视频, 3 外链')),
  dict('client_type', '客户端类型', parse('1 安卓, 2 iOS, 3 小程序/H5, 4 后台')),
  dict('data_source', '数据来源', parse('1 后台录入, 2 居民申请, 3 批量导入')),
  dict('satisfaction', '满意度', parse('1 很满意, 2 满意, 3 一般, 4 不满意')),
  dict('reply_type', '回复类型', parse('1 社区回复, 2 居民追问, 3 系统记录')),
];

const people: SeedDict[] = [
  dict('nation', '民族', parse(NATIONS)),
  dict(
    'id_card_type',
    '证件类型',
    parse('1 居民身份证, 2 军官证/士兵证, 3 护照, 4 港澳居民来往内地通行证, 5 台湾居民来往大陆通行证, 9 其他'),
  ),
  dict('household_type', '住户类型', parse('1 业主(产权人), 2 家属, 3 租客')),
  dict(
    'household_relation',
    '与户主关系',
    parse('0 本人(户主), 1 配偶, 2 子, 3 女, 4 孙子女/外孙子女, 5 父母, 6 祖父母/外祖父母, 7 兄弟姐妹, 8 其他'),
  ),
  dict('resident_category', '人口类别', parse('1 户籍人口, 2 常住人口, 3 流动人口, 4 境外人员')),
  dict('household_live_status', '居住状态', parse('1 在住, 2 已迁出, 3 已注销')),
  dict('household_apply_type', '住户申请类型', parse('1 入住认证, 2 信息变更, 3 迁出/解绑')),
  dict('user_change_type', '资料变更类型', parse('1 基本信息, 2 实名信息, 3 所属社区, 4 政治面貌')),
  dict(
    'political_status',
    '政治面貌',
    parse(
      '01 中共党员, 02 中共预备党员, 03 共青团员, 04 民革党员, 05 民盟盟员, 06 民建会员, 07 民进会员, ' +
        '08 农工党党员, 09 致公党党员, 10 九三学社社员, 11 台盟盟员, 12 无党派人士, 13 群众',
    ),
  ),
  dict(
    'education',
    '学历',
    parse('10 研究生, 20 大学本科, 30 大学专科, 40 中专/中技, 60 高中, 70 初中, 80 小学, 90 文盲或半文盲'),
  ),
  dict('marital_status', '婚姻状况', parse('1 未婚, 2 已婚, 3 离婚, 4 丧偶')),
  dict('religion', '宗教信仰', [
    ['0', '无'],
    ['1', '藏传佛教', 'བོད་བརྒྱུད་ནང་བསྟན།'],
    ['2', '汉传佛教'],
    ['3', '伊斯兰教'],
    ['4', '天主教'],
    ['5', '基督教'],
    ['6', '道教'],
    ['7', '苯教', 'བོན།'],
    ['9', '其他'],
  ]),
  biz(
    'resident_tag',
    '人群标签',
    parse(
      '101 自管党员, 102 报到党员, 103 居家养老, 104 困难户, 105 特困户, 106 边缘户, 107 残疾人, 108 优抚对象, ' +
        '109 低保户, 110 救助对象, 111 社区矫正人员, 112 刑满释放人员, 113 精神障碍患者, 114 志愿者, ' +
        '115 退役军人, 116 独居老人, 117 留守儿童',
    ),
  ),
];

const content: SeedDict[] = [
  dict('notice_level', '公告级别', parse('1 普通, 2 重要, 3 紧急')),
  dict('notice_target_type', '公告对象', parse('0 全部用户, 1 指定社区, 2 指定人群标签, 3 指定用户, 4 指定角色')),
  biz(
    'contact_phone_type',
    '便民电话分类',
    parse('1 社区居委会, 2 物业, 3 公安/警务站, 4 医疗急救, 5 水电气暖, 6 政务服务, 9 其他'),
  ),
  biz('faq_category', '问题分类', parse('1 账号登录, 2 住户认证, 3 积分规则, 4 活动报名, 5 隐私安全, 9 其他')),
  dict('module_position', '模块位置', parse('1 首页宫格, 2 首页轮播, 3 我的, 4 党建专区')),
  dict('module_audience', '模块对象', parse('0 全部, 1 认证居民, 2 党员, 3 志愿者')),
  dict('study_audience', '学习对象', parse('0 全体居民, 1 党员, 2 干部')),
  dict(
    'message_type',
    '消息类型',
    parse('1 系统通知, 2 审核结果, 3 活动提醒, 4 回复提醒, 5 积分变动, 6 告警通知'),
  ),
  dict('browse_target_type', '浏览对象', [
    ['info', '资讯'],
    ['study', '学习资料'],
    ['discipline', '纪检文章'],
    ['notice', '通知公告'],
    ['partyActivity', '党员活动'],
    ['partyActivityArticle', '活动风采'],
    ['solidarity', '民族团结活动'],
    ['volunteer', '微志愿活动'],
    ['temple', '寺庙信息'],
    ['faq', '常见问题'],
  ]),
];

const feedback: SeedDict[] = [
  biz(
    'complain_type',
    '投诉类型',
    parse('1 物业服务, 2 环境卫生, 3 邻里纠纷, 4 噪音扰民, 5 违章搭建, 6 公共设施, 7 治安问题, 8 工作作风, 9 其他'),
  ),
  biz('advice_type', '建议类型', parse('1 社区管理, 2 公共服务, 3 环境建设, 4 文体活动, 5 平台使用, 9 其他')),
  dict('adopt_status', '采纳状态', parse('0 未处理, 1 已采纳, 2 未采纳')),
  biz(
    'snap_type',
    '随手拍类型',
    parse('1 环境卫生, 2 占道经营, 3 私搭乱建, 4 设施损坏, 5 安全隐患, 6 违规停车, 7 不文明行为, 9 其他'),
  ),
  dict('verify_status', '核实状态', parse('0 待核实, 1 属实, 2 不属实')),
  dict('report_name_type', '举报方式', parse('1 实名, 2 匿名')),
  dict(
    'discipline_problem_type',
    '问题类别',
    parse(
      '1 违反政治纪律, 2 违反组织纪律, 3 违反廉洁纪律, 4 违反群众纪律, 5 违反工作纪律, 6 违反生活纪律, 9 其他',
    ),
  ),
  dict(
    'discipline_result_type',
    '处置方式',
    parse('1 谈话函询, 2 初步核实, 3 暂存待查, 4 予以了结, 5 移送有关部门'),
  ),
  dict('cadre_level', '干部级别', parse('1 一般干部, 2 科级, 3 处级, 4 厅级及以上, 9 其他')),
];

const partyBuilding: SeedDict[] = [
  dict('party_org_type', '党组织类型', parse('1 党委, 2 党总支, 3 党支部, 4 联合党支部, 5 党小组')),
  dict(
    'party_unit_type',
    '单位类别',
    parse(
      '1 城市街道, 2 城市社区(居委会), 3 乡镇, 4 农村社区(居委会), 5 建制村, 6 国有经济控制, 7 集体经济控制, ' +
        '8 非公有制经济控制, 9 事业单位, 10 机关, 11 社会组织, 12 其他',
    ),
  ),
  dict('party_org_status', '党组织状态', parse('0 正常, 1 撤销')),
  dict('party_member_type', '党员类型', parse('1 正式党员, 2 预备党员')),
  dict('party_member_status', '党员状态', parse('1 正常, 2 停用')),
  dict('party_relation_status', '组织关系状态', parse('0 正常, 1 流动党员, 2 失联党员')),
  dict(
    'party_post',
    '党内职务',
    parse('0 党员, 1 书记, 2 副书记, 3 组织委员, 4 宣传委员, 5 纪检委员, 6 青年委员, 7 统战委员, 8 党小组长'),
  ),
  dict('double_report_kind', '报到类型', parse('1 党员报到, 2 单位党组织报到')),
  dict(
    'double_report_unit_type',
    '报到单位类型',
    parse('1 党政机关, 2 事业单位, 3 国有企业, 4 非公企业, 5 社会组织, 9 其他'),
  ),
  dict('double_report_status', '报到状态', parse('0 待确认, 1 已报到, 2 已驳回, 3 已注销')),
  biz(
    'service_intention',
    '服务意向',
    parse(
      '1 政策宣传, 2 环境整治, 3 治安巡逻, 4 关爱帮扶, 5 文体活动, 6 矛盾调解, 7 民族团结宣讲, 8 双语翻译, 9 其他',
    ),
  ),
  dict('party_report_type', '汇报类型', parse('1 思想汇报, 2 工作汇报, 3 学习心得, 9 其他')),
  dict('party_report_status', '批阅状态', parse('0 待批阅, 1 已批阅, 2 退回修改')),
  biz(
    'party_activity_type',
    '党员活动类型',
    parse(
      '1 主题党日, 2 党员大会, 3 支部委员会, 4 党小组会, 5 党课, 6 志愿服务, 7 学习教育, 8 组织生活会, 9 其他',
    ),
  ),
  dict('appraise_status', '评议状态', parse('0 草稿, 1 自评中, 2 评议中, 3 评定中, 4 已完成, 5 已取消')),
  dict('appraise_user_status', '自评状态', parse('0 待自评, 1 已自评待审核, 2 已退回, 3 已评定')),
  dict('appraise_level', '评定等次', parse('1 优秀, 2 合格, 3 基本合格, 4 不合格')),
  biz('duty_post', '值班岗位', parse('1 党群服务中心值班, 2 网格巡查, 3 矛盾调解, 4 便民服务, 9 其他')),
  biz('duty_shift', '值班班次', parse('1 上午, 2 下午, 3 全天, 4 夜间')),
  dict('duty_status', '值班状态', parse('0 待值班, 1 值班中, 2 已完成, 3 缺勤, 4 已取消')),
];

const activities: SeedDict[] = [
  dict('activity_status', '活动状态', parse('0 草稿, 1 报名中, 2 报名截止, 3 进行中, 4 已结束, 5 已取消')),
  dict('activity_audience', '活动对象', parse('0 仅本支部党员, 1 全体党员, 2 全体居民')),
  dict('enroll_status', '报名状态', parse('0 待审核, 1 报名成功, 2 已驳回, 3 已取消')),
  dict('sign_status', '签到状态', parse('0 未签到, 1 已签到, 2 缺席')),
  dict('settle_status', '结算状态', parse('0 未结算, 1 已结算')),
  biz(
    'solidarity_activity_type',
    '团结活动类型',
    parse(
      '1 民族团结进步宣讲, 2 结对认亲交朋友, 3 民族文化交流(节庆/双语), 4 帮扶慰问, 5 民族团结进步创建, 9 其他',
    ),
  ),
  dict('organizer_type', '主办方类型', parse('1 社区, 2 驻社区单位, 3 社会组织, 4 居民自发')),
  dict('activity_language', '活动语言', parse('1 汉语, 2 藏语, 3 双语')),
  biz(
    'volunteer_service_type',
    '志愿服务类型',
    parse('1 环境保护, 2 扶老助残, 3 文明劝导, 4 治安巡逻, 5 文化教育, 6 应急救援, 7 民族团结, 9 其他'),
  ),
  dict('score_direction', '积分方向', parse('1 收入, 2 支出')),
  dict('score_source', '积分来源', [
    ['volunteer', '志愿活动'],
    ['partyActivity', '党员活动'],
    ['solidarity', '民族团结活动'],
    ['snap', '随手拍'],
    ['questionnaire', '问卷'],
    ['study', '学习'],
    ['partyReport', '思想汇报'],
    ['duty', '党员值班'],
    ['advice', '建议采纳'],
    ['signIn', '每日签到'],
    ['exchange', '积分兑换'],
    ['adjust', '管理员调整'],
    ['penalty', '缺席扣分'],
  ]),
];

const facilities: SeedDict[] = [
  biz(
    'facility_type',
    '设施类型',
    parse(
      '1 助老助残(轮椅/拐杖), 2 工具(工具箱/梯子/打气筒), 3 雨具, 4 医疗(血压计/体温计), ' +
        '5 活动物资(桌椅/帐篷/音响), 6 场地(活动室), 9 其他',
    ),
  ),
  dict('facility_status', '设施状态', parse('0 可借用, 1 已借完, 2 维修中, 3 停用')),
  dict(
    'borrow_status',
    '借用状态',
    parse('0 待审核, 1 已驳回, 2 待领取, 3 借用中, 4 已归还, 5 逾期未还, 6 已取消'),
  ),
  dict('return_condition', '归还情况', parse('1 完好, 2 损坏, 3 丢失')),
  dict('compensate_way', '赔偿方式', parse('0 无, 1 现金, 2 实物')),
  biz('questionnaire_type', '问卷类型', parse('1 问卷调查, 2 党建调研, 3 满意度测评')),
  dict('questionnaire_scope', '问卷范围', parse('0 全部居民, 1 指定社区, 2 党员, 3 志愿者, 4 指定用户')),
  dict('questionnaire_status', '问卷状态', parse('0 草稿, 1 未开始, 2 进行中, 3 已结束, 4 已停用')),
  dict('question_type', '题型', parse('1 单选, 2 多选, 3 填空/简答, 4 评分')),
  dict('answer_status', '作答状态', parse('0 未作答, 1 已提交')),
];

const templeIotMap: SeedDict[] = [
  dict('temple_site_type', '场所类型', parse('1 寺庙, 2 拉康(佛殿), 3 日追(修行点), 4 其他固定处所')),
  dict('temple_sect', '教派', [
    ['1', '格鲁派', 'དགེ་ལུགས།'],
    ['2', '宁玛派', 'རྙིང་མ།'],
    ['3', '噶举派', 'བཀའ་བརྒྱུད།'],
    ['4', '萨迦派', 'ས་སྐྱ།'],
    ['5', '觉囊派', 'ཇོ་ནང་།'],
    ['6', '苯教', 'བོན།'],
    ['9', '其他'],
  ]),
  dict(
    'relic_level',
    '文物保护级别',
    parse('1 全国重点文物保护单位, 2 自治区级文物保护单位, 3 市(地)级, 4 县级, 5 未定级'),
  ),
  dict(
    'iot_device_type',
    '设备类型',
    parse(
      '1 烟感, 2 可燃气体, 3 水浸, 4 门磁, 5 电气火灾, 6 消防水压, 7 液位, 8 温湿度, 9 一键报警(SOS), 10 智能电表',
    ),
  ),
  dict('iot_device_status', '设备状态', parse('0 未激活, 1 在线, 2 离线, 3 故障, 4 报废')),
  dict(
    'iot_alarm_type',
    '告警类型',
    parse(
      '1 火警/烟雾报警, 2 燃气泄漏, 3 水浸, 4 门磁异常, 5 电气过温/漏电, 6 故障, 7 低电量/欠压, 8 防拆, 9 离线',
    ),
  ),
  dict('iot_alarm_level', '告警级别', parse('1 一般, 2 重要, 3 严重')),
  dict('iot_alarm_handle_status', '告警处理状态', parse('0 未处理, 1 处理中, 2 已处理, 9 自动消警')),
  dict('iot_alarm_confirm', '警情确认', parse('0 未确认, 1 真实警情, 2 误报, 3 测试')),
  dict('camera_type', '监控点类型', parse('0 枪机, 1 半球, 2 快球, 3 带云台枪机')),
  dict('camera_online', '在线状态', parse('-1 未检测, 0 离线, 1 在线')),
  dict('mesh_type', '网格类型', parse('1 综合网格, 2 专属网格')),
  dict('mesh_level', '网格层级', parse('1 街道, 2 社区, 3 网格, 4 微网格')),
  biz(
    'institution_type',
    '机构点位类型',
    parse(
      '1 党群服务中心, 2 居委会, 3 警务站/派出所, 4 卫生服务站, 5 学校/幼儿园, 6 寺庙, 7 养老服务站, 8 便民服务点, 9 其他',
    ),
  ),
];

/** Tag colours of the status dictionaries (antd presets): waiting gold, under way blue, done green,
 * refused or failed red, void or withdrawn default (grey). Written on insert, and by the seed where an
 * item has none (so existing databases get them; pick 默认 to keep a tag grey). */
const STATUS_COLORS: Record<string, string> = {
  enable_status: '0 default, 1 green',
  audit_status: '0 gold, 1 green, 2 red, 3 default',
  publish_status: '0 default, 1 green, 2 orange',
  read_status: '0 gold, 1 default',
  reply_status: '0 gold, 1 green',
  handle_status: '0 gold, 1 blue, 2 green, 3 red, 4 default',
  overdue_status: '0 green, 1 red',
  household_live_status: '1 green, 2 orange, 3 default',
  adopt_status: '0 gold, 1 green, 2 red',
  verify_status: '0 gold, 1 green, 2 red',
  party_org_status: '0 green, 1 default',
  party_member_status: '1 green, 2 default',
  party_relation_status: '0 green, 1 orange, 2 red',
  double_report_status: '0 gold, 1 green, 2 red, 3 default',
  party_report_status: '0 gold, 1 green, 2 orange',
  appraise_status: '0 default, 1 blue, 2 cyan, 3 purple, 4 green, 5 red',
  appraise_user_status: '0 gold, 1 blue, 2 orange, 3 green',
  duty_status: '0 blue, 1 processing, 2 green, 3 red, 4 default',
  activity_status: '0 default, 1 blue, 2 orange, 3 green, 4 cyan, 5 red',
  enroll_status: '0 gold, 1 green, 2 red, 3 default',
  sign_status: '0 default, 1 green, 2 red',
  settle_status: '0 gold, 1 green',
  facility_status: '0 green, 1 orange, 2 gold, 3 default',
  borrow_status: '0 gold, 1 red, 2 blue, 3 processing, 4 green, 5 volcano, 6 default',
  questionnaire_status: '0 default, 1 blue, 2 green, 3 purple, 4 red',
  answer_status: '0 default, 1 green',
  iot_device_status: '0 default, 1 green, 2 orange, 3 red, 4 default',
  iot_alarm_handle_status: '0 red, 1 orange, 2 green, 9 default',
  // community B (issue 14)
  iot_alarm_level: '1 blue, 2 orange, 3 red',
  camera_online: '-1 default, 0 red, 1 green',
  iot_alarm_confirm: '0 default, 1 red, 2 green, 3 blue',
};

const withColors = (d: SeedDict): SeedDict => {
  const colors = STATUS_COLORS[d.code];
  if (!colors) return d;
  const byKey = new Map(parse(colors).map(([key, color]) => [String(key), color]));
  return { ...d, items: d.items.map((item) => ({ ...item, color: byKey.get(item.key) })) };
};

export const seedDicts: SeedDict[] = [
  ...system,
  ...common,
  ...people,
  ...content,
  ...feedback,
  ...partyBuilding,
  ...activities,
  ...facilities,
  ...templeIotMap,
].map(withColors);
