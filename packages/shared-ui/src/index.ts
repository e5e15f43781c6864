/** shared-ui: the antd UI kit and the host<->remote contract. */
export * from '@tongxin/shared-ui/session';
export { CRUD_NS, useLabel, useCrudT, useTotalText } from './resource/i18n';
export {
  ResourcePage,
  resourcePage,
  type ResourcePageOptions,
  type ActionContext,
  type ActionHandler,
  type Row,
} from './resource/ResourcePage';
export { FieldValue } from './resource/FieldValue';
export { RowActions, splitRowActions, type RowAction } from './resource/row-actions';
export { resourceScreens } from './resource/screens';
export { onResourceChanged, resourceChanged, type ResourceChangeListener } from './resource/resource-events';
export { useResourceList, type ResourceList } from './resource/use-resource-list';
export {
  resourceCalls,
  fieldFilters,
  toFilters,
  downloadUrl,
  cleanQuery,
  type ResourceCalls,
  type TreeNode,
} from './resource/wire';
export { useDictStore, useDicts, dictRefsOf, type DictRef } from './resource/dict-store';
export {
  DictSelect,
  DictTag,
  FieldInput,
  resourceByName,
  rulesOf,
  toWireValue,
  useRules,
} from './resource/fields';
export { useColumnSettings, arrangeColumns, type ColumnSetting } from './resource/column-settings';
export { Uploader, parseFileList, UPLOAD_URL, type FileRecord } from './widgets/Uploader';
export { CardContainer } from './widgets/CardContainer';
export {
  TableSelect,
  UserSelect,
  PartyMemberSelect,
  PartyOrgSelect,
  TreeTableSelect,
  DeptSelect,
  TreePick,
  loadTree,
  clearTreeCache,
  type TableSelectProps,
  type PickerColumn,
} from './widgets/pickers';
export { renderStandalone } from './standalone/render-standalone';
export { FlowChartDialog, type FlowChartTarget } from './flow/FlowChartDialog';
export { FlowDiagram } from './flow/FlowDiagram';
export { HistoryTimeline } from './flow/HistoryTimeline';
export { flowMarkers, timelineSteps, type FlowMarker } from './flow/flow-markers';
export { FLOW_NS, useFlowT } from './flow/i18n';
export { RichTextEditor, RichTextView, type RichTextEditorProps } from './widgets/RichTextEditor';
export { sanitizeHtml, htmlToText } from './widgets/rich-text';
export {
  RegionCascader,
  RegionText,
  clearRegionCache,
  type RegionCascaderProps,
} from './widgets/RegionCascader';
export { EChart } from './charts/EChart';
export { StatisticsBoard } from './charts/StatisticsBoard';
