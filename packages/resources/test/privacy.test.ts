import { describe, expect, it } from 'vitest';
import {
  CATEGORY_MASK,
  isMaskOf,
  looksMasked,
  maskAddress,
  maskIdCard,
  maskPhone,
  maskRow,
  maskSnapshot,
  maskValue,
  sensitiveFields,
} from '../src/privacy';
import { householdResource } from '../src/community/household';
import { PROFILE_KEYS, userUpdateLogResource } from '../src/community/userUpdateLog';

describe('masks', () => {
  it('keeps the first and last 4 characters of an identity number', () => {
    expect(maskIdCard('540102198005012111')).toBe('5401**********2111');
    expect(maskIdCard('54010219800501X')).toBe('5401*******501X');
    expect(maskIdCard('E12345678')).toBe('E*******8');
    expect(maskIdCard('123')).toBe(CATEGORY_MASK);
  });

  it('keeps the first 3 and last 4 digits of a phone', () => {
    expect(maskPhone('13912344048')).toBe('139****4048');
    expect(maskPhone('0891-6320101')).toBe('089*****0101');
    expect(maskPhone('6320101')).toBe('*****01');
    expect(maskPhone('110')).toBe(CATEGORY_MASK);
  });

  it('keeps an address up to its first digit, or its first half', () => {
    expect(maskAddress('八廓街道冲赛康社区3栋2单元301')).toBe('八廓街道冲赛康社区****');
    expect(maskAddress('拉萨市城关区吉日巷')).toBe('拉萨市城关****');
    expect(maskAddress('城关区吉日巷12号')).toBe('城关区吉日巷****');
    expect(maskAddress('3号楼')).toBe('3号****');
    expect(maskAddress('家')).toBe('****');
  });

  it('hides a special category whole and leaves empty values empty', () => {
    expect(maskValue('category', 1)).toBe('***');
    expect(maskValue('category', '04')).toBe('***');
    expect(maskValue('idCard', null)).toBeNull();
    expect(maskValue('phone', '')).toBe('');
  });

  it('recognises a mask sent back unchanged, and nothing else', () => {
    expect(isMaskOf('idCard', '5401**********2111', '540102198005012111')).toBe(true);
    expect(isMaskOf('idCard', '5401**********2112', '540102198005012111')).toBe(false);
    expect(isMaskOf('category', '***', 3)).toBe(true);
    expect(isMaskOf('phone', '13912344048', '13912344048')).toBe(false);
    expect(looksMasked('139****4048')).toBe(true);
    expect(looksMasked('13912344048')).toBe(false);
  });
});

describe('rows', () => {
  it('masks the sensitive fields of a wire row and the labels beside categories', () => {
    const row: Record<string, unknown> = {
      name: '次仁',
      idCard: '540102198005012111',
      phone: '13912344048',
      religion: 1,
      religionName: '藏传佛教',
      nation: '04',
      politicalStatus: '13',
    };
    maskRow(row, sensitiveFields(householdResource));
    expect(row).toEqual({
      name: '次仁',
      idCard: '5401**********2111',
      phone: '139****4048',
      religion: '***',
      religionName: '***',
      nation: '***',
      politicalStatus: '***',
    });
  });

  it('masks the sensitive keys of a profile change in both snapshots', () => {
    const row: Record<string, unknown> = {
      beforeJson: JSON.stringify({ phone: '13912344048', realName: '卓玛' }),
      afterJson: JSON.stringify({ phone: '13800138000', realName: '卓玛' }),
    };
    const fields = sensitiveFields(userUpdateLogResource);
    expect(fields.length).toBeGreaterThan(0);
    maskRow(row, fields);
    const compared = fields.find((f) => f.compare)!;
    expect(JSON.parse(String(row[compared.name]))).toMatchObject({ phone: '138****8000' });
    expect(JSON.parse(String(row[compared.compare!.before]))).toMatchObject({ phone: '139****4048' });
    expect(maskSnapshot('not json', PROFILE_KEYS)).toBe('not json');
  });
});
