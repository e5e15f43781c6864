/** The party domain: its definitions (partyResources) and their hooks, verbs and alias paths. Nothing
 * here reaches into another domain. */
import { partyReportResource, partyResources } from '@tongxin/resources';
import { domain } from '../../engine/module.js';
import { activityHooks, activityVerbs } from './activity.js';
import { archiveAliasRoutes } from './archive.js';
import { overviewRoutes } from './overview.js';
import { aliasPath, appraiseHooks, appraiseUserHooks } from './appraise.js';
import { linkPartyDemo } from './demo-links.js';
import { seedPartyDemo } from './demo-seed.js';
import { articleHooks, replyHooks, stampOnInsert, viewDetailVerb } from './content.js';
import { disciplineReportHooks } from './discipline-report.js';
import { enrolmentHooks } from './enrolment.js';
import { partyDeptHooks } from './party-dept.js';
import { reportHooks, reviewVerb } from './report-review.js';
import { recordStudyRead } from './study-reads.js';

export const partyDomain = domain(
  'party',
  partyResources,
  {
    partyDept: { hooks: partyDeptHooks },
    partyArchive: { routes: archiveAliasRoutes },
    partyActivity: { hooks: activityHooks, verbs: activityVerbs },
    partyActivityUser: { hooks: enrolmentHooks },
    partyArticle: { hooks: articleHooks },
    partyReport: {
      hooks: reportHooks,
      verbs: { review: reviewVerb(partyReportResource) },
    },
    partyDoubleReport: { hooks: stampOnInsert('report_time') },
    partyAppraise: {
      hooks: appraiseHooks,
      routes: aliasPath('/api/app-party-appraise/partyraise', appraiseHooks),
    },
    partyAppraiseUser: {
      hooks: appraiseUserHooks,
      routes: aliasPath('/api/app-party-appraise2user/partyraise2user', appraiseUserHooks),
    },
    studyArticle: {
      hooks: articleHooks,
      verbs: { viewDetail: viewDetailVerb('study_article_view', recordStudyRead) },
    },
    disciplineArticle: { hooks: articleHooks },
    disciplineReport: { hooks: disciplineReportHooks },
    disciplineReportReply: { hooks: replyHooks },
  },
  { seedDemo: seedPartyDemo, linkDemo: linkPartyDemo, routes: overviewRoutes },
);
