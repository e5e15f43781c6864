/** The community domain: its definitions (communityResources) and, as they come, their hooks, verbs,
 * approval effects and statistics. Nothing here reaches into another domain. */
import { communityResources } from '@tongxin/resources';
import { domain, type Behaviour } from '../../engine/module.js';
import { communityUserRoutes } from './community-users.js';
import { seedGridScopes } from './demo-grid-scopes.js';
import { seedCommunityADemo } from './demo-seed.js';
import { householdHooks, householdRecordHooks, passHouseholdRecord } from './household.js';
import { infoCommunityHooks } from './info.js';
import { messageCenterHooks } from './messages.js';
import { publishNotice } from './notice-publish.js';
import { noticeTargetHooks } from './notice-targets.js';
import { optionHooks, publishQuestionnaire, questionHooks, questionnaireHooks } from './questionnaire.js';
import { answerQuestionnaire } from './questionnaire-answer.js';
import { answerLineHooks } from './questionnaire-answer-lines.js';
import { getResult2user, getResults, listByQuestionIdAndUserId } from './questionnaire-results.js';
import { readAllMessages, readMessages, readNotice } from './resident-reads.js';
import { evaluateComplaint } from './ticket-evaluate.js';
import { followUpBehaviour } from './ticket-follow-up.js';
import { ADVICE, COMPLAIN, REPORT, ticketBehaviour } from './tickets.js';
import { userUpdateLogBehaviour } from './user-update-log.js';

import { requestReturn } from './facility/return-request.js';
import { cancelBorrow, giveBack, loanHooks } from './facility/loans.js';
import { loanLapsed } from './facility/overdue.js';
import { facilityHooks } from './facility/stock.js';
import { mapConfig } from './map/map-config.js';
import { meshHooks } from './map/mesh-boundary.js';
import { adjustVerb } from './score/adjust.js';
import { scoreRank } from './score/rank.js';
import { solidarityActivityHooks } from './solidarity/activity-state.js';
import { getEnrollUsersPage, solidarityEnrolmentHooks } from './solidarity/enrolments.js';
import { seedCommunityB } from './demo/demo-seed.js';
import { statisticsRoutes } from './statistics/statistics-routes.js';
import { initData } from './video/sync.js';
import { tellCancelled } from './volunteer/cancel-notice.js';
import { enrolmentHooks } from './volunteer/enrol.js';
import { absentActivity, scoreSettle } from './volunteer/settle.js';

const scoreFlowDef = communityResources.find((d) => d.name === 'scoreFlow')!;

/** Community A (issue 13): residents, content, feedback, questionnaires. */
const communityA: Behaviour = {
  infoCommunity: { hooks: infoCommunityHooks },
  sysNotice: { verbs: { publish: publishNotice } },
  messageCenter: { hooks: messageCenterHooks, verbs: { read: readMessages, readAll: readAllMessages } },
  sysNotice2target: { hooks: noticeTargetHooks, verbs: { read: readNotice } },
  household: { hooks: householdHooks },
  householdRecord: { hooks: householdRecordHooks, verbs: { auditPass: passHouseholdRecord } },
  questionnaire: {
    hooks: questionnaireHooks,
    verbs: { publish: publishQuestionnaire, getResults, getResult2user, listByQuestionIdAndUserId },
  },
  questionnaireQuestion: { hooks: questionHooks },
  questionnaireOption: { hooks: optionHooks },
  questionnaireUser: { verbs: { answer: answerQuestionnaire } },
  questionnaireAnswer: { hooks: answerLineHooks },
  sysComplain: ticketBehaviour(COMPLAIN, { evaluate: evaluateComplaint }),
  sysAdvice: ticketBehaviour(ADVICE),
  sysReport: ticketBehaviour(REPORT),
  sysComplainReply: followUpBehaviour(COMPLAIN),
  sysAdviceReply: followUpBehaviour(ADVICE),
  sysReportReply: followUpBehaviour(REPORT),
  userUpdateLog: userUpdateLogBehaviour,
};

export const communityDomain = domain(
  'community',
  communityResources,
  {
    // community B (issue 14)
    mapMesh: { hooks: meshHooks, verbs: { mapConfig } },
    scoreFlow: { verbs: { getScoreRankByDate: scoreRank, adjust: adjustVerb(scoreFlowDef) } },
    microVolunteer: {
      verbs: { scoreSettle, absentActivity },
      hooks: {
        views: { page2Enroll: { query: (q) => ({ ...q, activityStatus: '1' }) } },
        afterEffect: tellCancelled,
      },
    },
    microVolunteerUser: { hooks: enrolmentHooks },
    shareFacility: { hooks: facilityHooks },
    shareFacilityUser: {
      hooks: loanHooks,
      verbs: { giveBack, cancelBorrow, requestReturn },
      lapsed: loanLapsed,
    },
    solidarityActivity: {
      hooks: solidarityActivityHooks,
      verbs: { getEnrollUsersPage },
    },
    solidarityActivityUser: { hooks: solidarityEnrolmentHooks },
    hikCamera: { verbs: { initData } },
    // end community B
    ...communityA,
  },
  {
    // community A: the residents' accounts on the user controller's wire (社区用户);
    // community B: 数据统计 (statistics-data)
    routes: (app, ctx) => {
      communityUserRoutes(app, ctx);
      statisticsRoutes(app, ctx);
    },
    seedDemo: async (args) => {
      await seedCommunityADemo(args);
      await seedCommunityB(args);
      // the grid workers see their own community's rows only (本社区)
      await seedGridScopes(args);
    },
  },
);
