/** The community domain: its definitions (communityResources) and, as they come, their hooks, verbs,
 * approval effects and statistics. Nothing here reaches into another domain. */
import { communityResources } from '@tongxin/resources';
import { domain } from '../../engine/module.js';
import { cancelBorrow, giveBack, loanHooks } from './facility/loans.js';
import { facilityHooks } from './facility/stock.js';
import { mapConfig } from './map/map-config.js';
import { meshHooks } from './map/mesh-boundary.js';
import { scoreRank } from './score/rank.js';
import { getEnrollUsersPage, solidarityEnrolmentHooks } from './solidarity/enrolments.js';
import { initData } from './video/sync.js';
import { enrolmentHooks } from './volunteer/enrol.js';
import { absentActivity, scoreSettle } from './volunteer/settle.js';

export const communityDomain = domain('community', communityResources, {
  // community B (issue 14)
  mapMesh: { hooks: meshHooks, verbs: { mapConfig } },
  scoreFlow: { verbs: { getScoreRankByDate: scoreRank } },
  microVolunteer: {
    verbs: { scoreSettle, absentActivity },
    hooks: { views: { page2Enroll: { query: (q) => ({ ...q, activityStatus: '1' }) } } },
  },
  microVolunteerUser: { hooks: enrolmentHooks },
  shareFacility: { hooks: facilityHooks },
  shareFacilityUser: { hooks: loanHooks, verbs: { giveBack, cancelBorrow } },
  solidarityActivity: { verbs: { getEnrollUsersPage } },
  solidarityActivityUser: { hooks: solidarityEnrolmentHooks },
  hikCamera: { verbs: { initData } },
  // end community B
});
