/** Community A's demo residents (every community looks lived in): per community a few hundred households of
 * about 2.7 persons (mostly 藏族), some with an app account (blade_user, userType 2, the demo password), and
 * their certification requests at every audit state. Fixed content from a seeded generator. */
import { idCardCheckDigit } from '@tongxin/resources';
import type { Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import { insertChunked } from './rows.js';

/** A small deterministic generator: the same demo on every fresh database. */
export function generator(seed: number) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}
export type Gen = ReturnType<typeof generator>;

const SURNAMES = [
  '扎西',
  '次仁',
  '达瓦',
  '格桑',
  '平措',
  '多吉',
  '尼玛',
  '央金',
  '卓玛',
  '拉姆',
  '德吉',
  '白玛',
  '普布',
  '旺堆',
  '索朗',
  '边巴',
];
const GIVEN = [
  '顿珠',
  '卓嘎',
  '曲珍',
  '措姆',
  '罗布',
  '加措',
  '次旦',
  '玉珍',
  '旦增',
  '桑珠',
  '琼达',
  '米玛',
];
const HAN = ['王建国', '李秀英', '张伟', '刘洋', '陈静', '杨帆', '赵磊', '马红梅'];

export interface Community {
  id: string;
  name: string;
  tenantId: string;
}
export interface Resident {
  userId: string;
  tenantId: string;
  communityId: string;
  name: string;
  phone: string;
}

export const demoAudit = (now: string) => ({
  create_time: now,
  update_time: now,
  status: 1,
  is_deleted: 0,
  version: 1,
});

function person(g: Gen, i: number) {
  const han = g.next() < 0.12;
  const sex = g.int(1, 2) as 1 | 2;
  const birthday = `${g.int(1945, 2018)}-${String(g.int(1, 12)).padStart(2, '0')}-${String(g.int(1, 28)).padStart(2, '0')}`;
  const seq = String(((i * 7) % 450) * 2 + (sex === 1 ? 1 : 0) + 100).padStart(3, '0');
  const body = `540102${birthday.replaceAll('-', '')}${seq}`;
  return {
    name: han ? g.pick(HAN) : `${g.pick(SURNAMES)}${g.pick(GIVEN)}`,
    sex,
    nation: han ? '01' : g.next() < 0.03 ? '03' : '04',
    birthday,
    id_card: body + idCardCheckDigit(body),
  };
}

/** Households of one community; every sixth family's head gets an app account. */
export async function seedHouseholds(
  trx: Trx,
  c: Community,
  g: Gen,
  account: { password: string; role: string },
  now: string,
): Promise<Resident[]> {
  const households: Record<string, unknown>[] = [];
  const accounts: Record<string, unknown>[] = [];
  const residents: Resident[] = [];
  const families = g.int(110, 150);
  for (let f = 0; f < families; f++) {
    const building = `${g.int(1, 12)}`;
    const unit = `${g.int(1, 4)}`;
    const room = `${g.int(1, 6)}0${g.int(1, 4)}`;
    const familyNo = `${c.id.slice(-4)}${String(f).padStart(4, '0')}`;
    const members = g.int(1, 5);
    for (let m = 0; m < members; m++) {
      const p = person(g, f * 5 + m);
      let appUserId: string | null = null;
      if (m === 0 && f % 6 === 0) {
        appUserId = nextId();
        const phone = `139${g.int(10000000, 99999999)}`;
        accounts.push({
          id: appUserId,
          tenant_id: c.tenantId,
          user_type: 2,
          account: `r${c.id}-${f}`,
          password: account.password,
          name: p.name,
          real_name: p.name,
          phone,
          sex: p.sex,
          dept_id: c.id,
          role_id: account.role,
          status: 1,
          is_deleted: 0,
          create_time: now,
          update_time: now,
          version: 1,
        });
        residents.push({ userId: appUserId, tenantId: c.tenantId, communityId: c.id, name: p.name, phone });
      }
      const tags =
        g.next() < 0.2
          ? g.pick(['101', '103', '104', '107', '114', '115', '116', '103,116', '101,114'])
          : null;
      households.push({
        id: nextId(),
        tenant_id: c.tenantId,
        community_id: c.id,
        building_name: building,
        unit_name: unit,
        room_no: room,
        house_address: `${c.name}${building}栋${unit}单元${room}号`,
        family_no: familyNo,
        name: p.name,
        sex: p.sex,
        nation: p.nation,
        birthday: p.birthday,
        id_card_type: 1,
        id_card: p.id_card,
        phone: null,
        household_type: m === 0 ? g.pick([1, 1, 1, 3]) : 2,
        relation_to_head: m === 0 ? 0 : g.pick([1, 2, 3, 5, 4]),
        resident_category: g.pick([1, 1, 1, 2, 3]),
        political_status: g.next() < 0.07 ? '01' : '13',
        education: g.pick(['20', '30', '60', '70', '80']),
        marital_status: m < 2 ? 2 : 1,
        religion: g.pick([0, 1, 1, 1]),
        tags,
        source: g.pick([1, 1, 3]),
        live_status: g.next() < 0.05 ? 2 : 1,
        app_user_id: appUserId,
        ...demoAudit(now),
      });
    }
  }
  await insertChunked(trx, 'blade_user', accounts);
  await insertChunked(trx, 'app_household', households);
  return residents;
}

/** Certification requests: ~70 % passed, 15 % waiting, 15 % rejected with a reason. */
export async function seedHouseholdRecords(
  trx: Trx,
  residents: Resident[],
  g: Gen,
  now: string,
): Promise<void> {
  const rows = residents.slice(0, 12).map((r, i) => {
    const state = i % 7 === 0 ? 0 : i % 7 === 1 ? 2 : 1;
    return {
      id: nextId(),
      tenant_id: r.tenantId,
      app_user_id: r.userId,
      apply_type: g.pick([1, 1, 2, 3]),
      community_id: r.communityId,
      building_name: `${g.int(1, 12)}`,
      unit_name: '1',
      room_no: `${g.int(1, 6)}01`,
      household_type: 1,
      name: r.name,
      id_card_type: 1,
      id_card: person(g, i).id_card,
      phone: r.phone,
      apply_time: now,
      apply_source: 1,
      audit_status: state,
      audit_time: state ? now : null,
      audit_remark: state === 2 ? '证明材料不清晰,请重新上传' : null,
      ...demoAudit(now),
    };
  });
  await insertChunked(trx, 'app_household_record', rows);
}
