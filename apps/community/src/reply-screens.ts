import { communityResources, type ResourceDef } from '@tongxin/resources';
import { resourcePage } from '@tongxin/shared-ui';
import type { RemotePage } from '@tongxin/shared-ui/session';

const def = (name: string): ResourceDef => {
  const found = communityResources.find((d) => d.name === name);
  if (!found) throw new Error(`community: no definition ${name}`);
  return found;
};

/** The reply screens (投诉回复, 建议回复, 随手拍回复): the ticket's own page under the reply screen's
 * buttons, whose row actions reply, close or refuse and whose drawer shows the conversation. */
export const replyScreens: Record<string, RemotePage> = {
  '/sys/syscomplainreply': resourcePage(def('sysComplain'), {
    permission: 'sys_complain_reply',
    title: { zh: '投诉回复', en: 'Complaint replies' },
  }),
  '/sys/sysadvicereply': resourcePage(def('sysAdvice'), {
    permission: 'sys_advice_reply',
    title: { zh: '建议回复', en: 'Advice replies' },
  }),
  '/sys/sysreportreply': resourcePage(def('sysReport'), {
    permission: 'sys_report_reply',
    title: { zh: '随手拍回复', en: 'Snap report replies' },
  }),
};
