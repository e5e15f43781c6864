import type { ResourceDef } from '../define';
import { partyDutyResource } from './partyDuty';

/** The party domain's resources. */
export const partyResources: ResourceDef[] = [partyDutyResource];
