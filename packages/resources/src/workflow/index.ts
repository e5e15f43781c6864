import type { ResourceDef } from '../define';
import { noticeResource } from '../desk/notice';

/** The workflow domain's resources (the desk's notices; the flow screens are served by hand). */
export const workflowResources: ResourceDef[] = [noticeResource];
