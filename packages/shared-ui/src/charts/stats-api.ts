import { http, type R } from '@tongxin/api-client';
import type { Label } from '@tongxin/resources';

const BASE = '/api/statistics-data';

export interface Pair {
  total: number;
  pending: number;
}
/** A counted resource's figures (its definition's `counted`), with the chart's wording. */
export interface CountedPair extends Pair {
  key: string;
  label: Label;
}
export interface DataCount {
  [module: string]: unknown;
  /** Every counted resource, in the chart's order. */
  requests: CountedPair[];
  alarm: {
    total: number;
    unhandled: number;
    handling: number;
    inRange: number;
    byLevel: { level: number; count: number }[];
  };
  residents: number;
  partyMembers: number;
  volunteerActivities: number;
  temples: number;
  devices: number;
}
export interface UserData {
  totalUsers: number;
  volunteers: number;
  partyMembers: number;
}
export type Range = { startTime: string; endTime: string } & Record<string, unknown>;

const get = async <T>(url: string, params: Record<string, unknown>): Promise<T> => {
  const res = await http.get<R<T>>(url, { params });
  if (!res.data.success) throw new Error(res.data.msg);
  return res.data.data as T;
};

export const statsApi = {
  counts: (r: Range) => get<DataCount>(`${BASE}/getDataCount`, r),
  users: (r: Range) => get<UserData>(`${BASE}/get2UserDataById`, r),
  browse: (r: Range) => get<{ date: string; count: number }[]>(`${BASE}/getSumBrowseChartData`, r),
  publish: (r: Range) =>
    get<{ dates: string[]; series: { key: string; name: string; data: number[] }[] }>(
      `${BASE}/getPublishChartData`,
      r,
    ),
  browseRank: (r: Range) =>
    get<{ rank: number; title: string; browseNum: number }[]>(`${BASE}/getBrowseNumRankTitle`, r),
  scoreRank: (r: Range) =>
    get<{ rank: number; name: string; score: number }[]>('/api/scoreflow/getScoreRankByDate', {
      ...r,
      size: 10,
    }),
};
