import type { ResourceDef } from '../define';
import { partyArchiveResource } from './partyArchive';
import { disciplineArticleResource } from './disciplineArticle';
import { disciplineReportResource } from './disciplineReport';
import { disciplineReportReplyResource } from './disciplineReportReply';
import { disciplineSectionResource } from './disciplineSection';
import { partyActivityResource } from './partyActivity';
import { partyActivityUserResource } from './partyActivityUser';
import { partyAppraiseResource } from './partyAppraise';
import { partyAppraiseUserResource } from './partyAppraiseUser';
import { partyArticleResource } from './partyArticle';
import { partyDeptResource } from './partyDept';
import { partyDoubleReportResource } from './partyDoubleReport';
import { partyDutyResource } from './partyDuty';
import { partyReportResource } from './partyReport';
import { partySectionResource } from './partySection';
import { studyArticleResource } from './studyArticle';
import { studyRecordResource } from './studyRecord';
import { studySectionResource } from './studySection';

export {
  disciplineArticleResource,
  disciplineReportResource,
  disciplineReportReplyResource,
  disciplineSectionResource,
  partyActivityResource,
  partyActivityUserResource,
  partyAppraiseResource,
  partyAppraiseUserResource,
  partyArticleResource,
  partyDeptResource,
  partyDoubleReportResource,
  partyReportResource,
  partySectionResource,
  studyArticleResource,
  studyRecordResource,
  studySectionResource,
};

/** The party domain's resources. */
export const partyResources: ResourceDef[] = [
  partyDeptResource,
  partyArchiveResource,
  partyDoubleReportResource,
  partySectionResource,
  partyActivityResource,
  partyActivityUserResource,
  partyArticleResource,
  partyReportResource,
  partyDutyResource,
  partyAppraiseResource,
  partyAppraiseUserResource,
  studySectionResource,
  studyArticleResource,
  studyRecordResource,
  disciplineSectionResource,
  disciplineArticleResource,
  disciplineReportResource,
  disciplineReportReplyResource,
];
