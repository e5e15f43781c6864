import type { ResourceDef } from '../define';
import { contactPhoneResource } from './contactPhone';
// community B (issue 14)
import { hikCameraResource } from './hikCamera';
import { hikRegionResource } from './hikRegion';
import { mapInstResource } from './mapInst';
import { mapMeshResource } from './mapMesh';
import { microVolunteerResource } from './microVolunteer';
import { microVolunteerUserResource } from './microVolunteerUser';
import { ocAlarmResource } from './ocAlarm';
import { ocDeviceResource } from './ocDevice';
import { scoreFlowResource } from './scoreFlow';
import { shareFacilityResource } from './shareFacility';
import { shareFacilityUserResource } from './shareFacilityUser';
import { solidarityActivityResource } from './solidarityActivity';
import { solidarityActivityUserResource } from './solidarityActivityUser';
import { templeInfoResource } from './templeInfo';
// end community B imports

/** The community domain's resources. */
export const communityResources: ResourceDef[] = [
  contactPhoneResource,
  // community B (issue 14)
  templeInfoResource,
  ocDeviceResource,
  ocAlarmResource,
  mapMeshResource,
  mapInstResource,
  scoreFlowResource,
  microVolunteerResource,
  microVolunteerUserResource,
  shareFacilityResource,
  shareFacilityUserResource,
  solidarityActivityResource,
  solidarityActivityUserResource,
  hikRegionResource,
  hikCameraResource,
  // end community B
];
