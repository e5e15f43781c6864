export { logApiResource } from './logApi';
export { logAuditResource } from './logAudit';
export { logErrorResource } from './logError';
export { logLoginResource } from './logLogin';
export { logUsualResource } from './logUsual';
export { onlineUserResource } from './onlineUser';
