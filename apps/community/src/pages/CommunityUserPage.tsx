/**
 * 社区用户 (/communityuser/userdetail). Why a page and not a definition: the list is the system domain's
 * user definition over another wire view (`app-page`, lock2User / unLock2User), and the detail drawer
 * gathers one resident's rows from five other resources (households, party archive, score ledger,
 * feedback, enrolments) answered together by `community-detail`; a definition describes one resource's
 * records and its own detail tabs (`details`), not a composite view over several domains.
 */
import { useState } from 'react';
import { App, Descriptions, Drawer, List, Spin, Tag } from 'antd';
import { http, type R } from '@tongxin/api-client';
import { userResource } from '@tongxin/resources';
import { ResourcePage, useLabel, type Row } from '@tongxin/shared-ui';

const BASE = '/api/blade-user';

interface Detail extends Row {
  households: Row[];
  partyArchives: Row[];
  scoreBalance: number;
  scoreFlows: Row[];
  feedback: Row[];
  enrolments: Row[];
}

const TEXT = {
  lock: { zh: '锁定', en: 'Lock' },
  unlock: { zh: '解锁', en: 'Unlock' },
  detail: { zh: '居民详情', en: 'Resident' },
  title: { zh: '社区用户', en: 'Residents' },
  households: { zh: '住户信息', en: 'Households' },
  party: { zh: '党员身份', en: 'Party membership' },
  points: { zh: '积分', en: 'Points' },
  feedback: { zh: '诉求反馈', en: 'Feedback' },
  enrolments: { zh: '活动报名', en: 'Enrolments' },
  none: { zh: '无', en: 'None' },
  locked: { zh: '已锁定', en: 'Locked' },
  account: { zh: '账号', en: 'Account' },
  realName: { zh: '姓名', en: 'Name' },
  phone: { zh: '手机号', en: 'Mobile' },
};

/** 社区用户: the residents' accounts (the user definition's page over `app-page`) with 锁定 / 解锁
 * (lock2User / unLock2User) and a resident's whole picture in a drawer (community-detail: households,
 * party membership, points, feedback, enrolments) — the one screen no definition describes, since it
 * gathers rows of several resources around one account. */
export function CommunityUserPage() {
  const label = useLabel();
  const { message } = App.useApp();
  const [detail, setDetail] = useState<Detail | 'loading'>();

  const setLock = async (row: Row, lock: boolean, reload: () => Promise<void>) => {
    try {
      const res = await http.post<R<null>>(`${BASE}/${lock ? 'lock2User' : 'unLock2User'}`, {
        userIds: String(row.id),
      });
      void message.success(res.data.msg);
      await reload();
    } catch {
      // shown by the client's interceptor
    }
  };
  const open = async (row: Row) => {
    setDetail('loading');
    try {
      const res = await http.get<R<Detail>>(`${BASE}/community-detail`, { params: { id: row.id } });
      setDetail(res.data.data);
    } catch {
      setDetail(undefined);
    }
  };

  return (
    <>
      <ResourcePage
        def={userResource}
        title={TEXT.title}
        permission="community_user"
        listPath="app-page"
        fields={['account', 'realName', 'phone', 'sex', 'deptId', 'status']}
        rowExtra={(row, reload) => [
          { key: 'detail', label: label(TEXT.detail), onClick: () => void open(row) },
          Number(row.status) === 0
            ? { key: 'unlock', label: label(TEXT.unlock), onClick: () => void setLock(row, false, reload) }
            : {
                key: 'lock',
                label: label(TEXT.lock),
                danger: true,
                onClick: () => void setLock(row, true, reload),
              },
        ]}
      />
      <Drawer
        open={detail !== undefined}
        width={720}
        title={label(TEXT.detail)}
        onClose={() => setDetail(undefined)}
      >
        {detail === 'loading' ? <Spin /> : detail && <ResidentDetail detail={detail} />}
      </Drawer>
    </>
  );
}

function ResidentDetail({ detail }: { detail: Detail }) {
  const label = useLabel();
  const section = (title: keyof typeof TEXT, rows: Row[], render: (r: Row) => string) => (
    <List
      size="small"
      header={<b>{label(TEXT[title])}</b>}
      dataSource={rows}
      locale={{ emptyText: label(TEXT.none) }}
      renderItem={(r) => <List.Item>{render(r)}</List.Item>}
    />
  );
  return (
    <>
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={label(TEXT.account)}>{String(detail.account ?? '')}</Descriptions.Item>
        <Descriptions.Item label={label(TEXT.realName)}>
          {String(detail.realName ?? '')}{' '}
          {Number(detail.status) === 0 && <Tag color="red">{label(TEXT.locked)}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={label(TEXT.phone)}>{String(detail.phone ?? '')}</Descriptions.Item>
        <Descriptions.Item label={label(TEXT.points)}>{detail.scoreBalance}</Descriptions.Item>
      </Descriptions>
      {section('households', detail.households, (r) => String(r.houseAddress ?? ''))}
      {section('party', detail.partyArchives, (r) => `${String(r.name ?? '')} ${String(r.joinDate ?? '')}`)}
      {section(
        'points',
        detail.scoreFlows,
        (r) =>
          `${String(r.flowTime ?? '')} ${String(r.sourceTitle ?? '')} ${Number(r.direction) === 2 ? '-' : '+'}${String(r.score ?? '')}`,
      )}
      {section('feedback', detail.feedback, (r) => `${String(r.createTime ?? '')} ${String(r.title ?? '')}`)}
      {section(
        'enrolments',
        detail.enrolments,
        (r) => `${String(r.enrollTime ?? '')} ${String(r.serviceHours ?? '')}h`,
      )}
    </>
  );
}
