import type { ResourceDef } from '../define';
import { partyArchiveResource } from './partyArchive';
import { partyDutyResource } from './partyDuty';

/** The party domain's resources. */
export const partyResources: ResourceDef[] = [partyArchiveResource, partyDutyResource];
