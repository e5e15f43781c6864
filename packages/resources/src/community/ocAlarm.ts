import { defineResource, type ActionDef } from '../define';
import { statusMove } from '../status-actions';

const HANDLE_CODE = 'oc_alarm_handle';

/** 未处理 (docs/domain-model.md#设备告警-ocalarm, `iot_alarm_handle_status` 0): an alarm nobody has taken yet; 接警
 * moves it to 处理中 (1, taken and being handled). The one rule of "unhandled": the shell's bell lists and
 * counts these, and 数据统计's `alarm.unhandled` counts them (`alarm.handling` counts those taken). */
export const ALARM_UNHANDLED = { field: 'handleStatus', column: 'handle_status', value: 0 } as const;

/** 处理完成 with a confirmation type: the handling note is asked for and stored as the result. */
const finish = (name: string, zh: string, en: string, confirmType: number): ActionDef =>
  statusMove(
    name,
    { zh, en },
    {
      field: 'handleStatus',
      from: [0, 1],
      to: 2,
      set: { confirmType, handleUserId: '$user', handleTime: '$now' },
    },
    {
      code: HANDLE_CODE,
      reason: {
        field: 'handleResult',
        label: { zh: '处理结果', en: 'Result' },
        required: '请输入处理结果',
        maxLength: 1000,
      },
    },
  );

/** 设备告警 — docs/domain-model.md#设备告警-ocalarm: raised by devices (never entered by hand); 接警 locks an alarm,
 * 处理完成 closes it with a note. */
export const ocAlarmResource = defineResource({
  name: 'ocAlarm',
  label: { zh: '设备告警', en: 'Alarms' },
  path: '/api/app_oc_alarm/ocAlarm',
  table: 'app_oc_alarm',
  permission: 'oc_alarm',
  screens: ['/safety/ocalarm'],
  menu: {
    parent: 'safety',
    sort: 2,
    icon: 'AlertOutlined',
    buttons: ['view', { alias: 'handle', label: { zh: '处理', en: 'Handle' }, action: 2 }, 'export'],
  },
  tenant: true,
  audit: true,
  softDelete: true,
  dataScope: { deptColumn: 'community_id' },
  readOnly: true,
  drawerWidth: 800,
  exportable: true,
  labelField: 'alarmNo',
  defaultSort: [{ field: 'alarmTime', direction: 'desc' }],
  actions: [
    statusMove(
      'acknowledge',
      { zh: '接警', en: 'Acknowledge' },
      {
        field: 'handleStatus',
        from: [ALARM_UNHANDLED.value],
        to: 1,
        set: { handleUserId: '$user', handleTime: '$now' },
      },
      { code: HANDLE_CODE, placement: 'both' },
    ),
    finish('handle', '处理完成', 'Resolve', 1),
    finish('misreport', '误报', 'False alarm', 2),
  ],
  fields: [
    {
      name: 'alarmNo',
      kind: 'string',
      label: { zh: '告警编号', en: 'Alarm no.' },
      required: true,
      maxLength: 32,
      search: 'like',
    },
    {
      name: 'deviceId',
      kind: 'ref',
      label: { zh: '设备', en: 'Device' },
      ref: { resource: 'ocDevice', labelField: 'deviceName' },
      required: true,
      list: false,
      index: true,
    },
    {
      name: 'deviceName',
      kind: 'string',
      label: { zh: '设备名称', en: 'Device' },
      maxLength: 64,
      required: true,
      search: 'like',
    },
    {
      name: 'deviceType',
      kind: 'dict',
      label: { zh: '设备类型', en: 'Device type' },
      dict: { code: 'iot_device_type' },
      required: true,
      list: false,
    },
    {
      name: 'imei',
      kind: 'string',
      label: { zh: 'IMEI', en: 'IMEI' },
      maxLength: 20,
      required: true,
      list: false,
    },
    {
      name: 'communityId',
      kind: 'ref',
      label: { zh: '所属社区', en: 'Community' },
      ref: { resource: 'dept', labelField: 'deptName' },
      required: true,
      search: 'equal',
    },
    { name: 'meshId', kind: 'long', label: { zh: '网格', en: 'Grid mesh' }, list: false, view: false },
    { name: 'householdId', kind: 'long', label: { zh: '住户', en: 'Household' }, list: false, view: false },
    {
      name: 'installAddress',
      kind: 'string',
      label: { zh: '位置', en: 'Location' },
      maxLength: 200,
      required: true,
    },
    {
      name: 'alarmType',
      kind: 'dict',
      label: { zh: '告警类型', en: 'Type' },
      dict: { code: 'iot_alarm_type' },
      required: true,
      search: 'equal',
    },
    {
      name: 'alarmLevel',
      kind: 'dict',
      label: { zh: '告警等级', en: 'Level' },
      dict: { code: 'iot_alarm_level' },
      required: true,
      search: 'equal',
    },
    { name: 'alarmValue', kind: 'string', label: { zh: '触发值', en: 'Value' }, maxLength: 64, list: false },
    {
      name: 'alarmContent',
      kind: 'string',
      label: { zh: '告警描述', en: 'Description' },
      maxLength: 500,
      required: true,
      list: false,
    },
    {
      name: 'alarmTime',
      kind: 'datetime',
      label: { zh: '发生时间', en: 'Raised' },
      required: true,
      sortable: true,
      search: 'range',
    },
    { name: 'recoverTime', kind: 'datetime', label: { zh: '恢复时间', en: 'Recovered' }, list: false },
    {
      name: 'rawPayload',
      kind: 'text',
      label: { zh: '原始报文', en: 'Payload' },
      maxLength: 10000,
      list: false,
    },
    {
      name: 'handleStatus',
      kind: 'dict',
      label: { zh: '处理状态', en: 'Handling' },
      dict: { code: 'iot_alarm_handle_status' },
      defaultValue: 0,
      nullable: false,
      search: 'equal',
    },
    {
      name: 'confirmType',
      kind: 'dict',
      label: { zh: '警情确认', en: 'Confirmed as' },
      dict: { code: 'iot_alarm_confirm' },
      defaultValue: 0,
      nullable: false,
    },
    {
      name: 'handleUserId',
      kind: 'ref',
      label: { zh: '处理人', en: 'Handled by' },
      ref: { resource: 'user', labelField: 'realName' },
      list: false,
    },
    { name: 'handleTime', kind: 'datetime', label: { zh: '处理时间', en: 'Handled' }, list: false },
    {
      name: 'handleResult',
      kind: 'string',
      label: { zh: '处理结果', en: 'Result' },
      maxLength: 1000,
      list: false,
    },
    {
      name: 'handleImages',
      kind: 'images',
      label: { zh: '现场照片', en: 'Photos' },
      maxLength: 2000,
      list: false,
    },
    {
      name: 'notifyStatus',
      kind: 'int',
      label: { zh: '通知状态', en: 'Notified' },
      options: [
        { value: 0, label: { zh: '未通知', en: 'No' } },
        { value: 1, label: { zh: '已通知', en: 'Yes' } },
      ],
      defaultValue: 0,
      nullable: false,
      list: false,
    },
  ],
});
