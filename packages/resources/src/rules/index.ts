export { ACCOUNT_LABEL, accountRule } from './account';
export { bucketNameRule, isBucketName } from './bucket-name';
export { emailRule } from './email';
export { geoPolygonRule, geoPolygons, type LngLat } from './geo-polygon';
export { idCardCheckDigit, idCardRule, normalizeIdCard } from './id-card';
export { idListRule, isId, parseIdList, splitList } from './ids';
export { MOBILE_MESSAGES, mobileRule } from './mobile';
export { PASSWORD_MIN_LENGTH, passwordRule } from './password';
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PAGE_SIZES, pageCount, readPaging, type Paging } from './paging';
export { badFormat, isBlank, problemOf, type Rule } from './rule';
export { telephoneRule } from './telephone';
export { isTenantId, TENANT_ID_INVALID, TENANT_ID_LABEL, tenantIdRule } from './tenant-id';
export {
  checkValue,
  fieldProblem,
  KIND_RULES,
  normalizeValue,
  requiredMessage,
  ruleNameOf,
  ruleOf,
  RULES,
  type Checked,
  type RuleName,
} from './field';
export { PAGING_CASES, RULE_CASES, RULES_PARITY_RESOURCE, type RuleCases } from './cases';
