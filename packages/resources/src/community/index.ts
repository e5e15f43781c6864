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

// community A (issue 13): residents, content, feedback, questionnaires
import { browseLogResource } from './browseLog';
import { householdResource } from './household';
import { householdRecordResource } from './householdRecord';
import { infoArticleResource } from './infoArticle';
import { infoCommunityResource } from './infoCommunity';
import { infoSectionResource } from './infoSection';
import { messageCenterResource } from './messageCenter';
import { moduleResource } from './module';
import { questionnaireResource } from './questionnaire';
import { questionnaireAnswerResource } from './questionnaireAnswer';
import { questionnaireOptionResource } from './questionnaireOption';
import { questionnaireQuestionResource } from './questionnaireQuestion';
import { questionnaireUserResource } from './questionnaireUser';
import { sysAdviceResource } from './sysAdvice';
import { sysAdviceReplyResource } from './sysAdviceReply';
import { sysComplainResource } from './sysComplain';
import { sysComplainReplyResource } from './sysComplainReply';
import { sysNoticeResource } from './sysNotice';
import { sysNotice2targetResource } from './sysNotice2target';
import { sysNoticeSectionResource } from './sysNoticeSection';
import { sysQuestionResource } from './sysQuestion';
import { sysReportResource } from './sysReport';
import { sysReportReplyResource } from './sysReportReply';
import { userUpdateLogResource } from './userUpdateLog';

/** Community A's resources (issue 13). */
const communityAResources: ResourceDef[] = [
  infoSectionResource,
  infoArticleResource,
  infoCommunityResource,
  sysNoticeSectionResource,
  sysNoticeResource,
  sysNotice2targetResource,
  sysQuestionResource,
  moduleResource,
  messageCenterResource,
  householdResource,
  householdRecordResource,
  browseLogResource,
  questionnaireResource,
  questionnaireQuestionResource,
  questionnaireOptionResource,
  questionnaireUserResource,
  questionnaireAnswerResource,
  sysComplainResource,
  sysComplainReplyResource,
  sysAdviceResource,
  sysAdviceReplyResource,
  sysReportResource,
  sysReportReplyResource,
  userUpdateLogResource,
];

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
  ...communityAResources,
];
