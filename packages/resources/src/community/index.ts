import type { ResourceDef } from '../define';
import { contactPhoneResource } from './contactPhone';

/** The community domain's resources. */
export const communityResources: ResourceDef[] = [contactPhoneResource];
