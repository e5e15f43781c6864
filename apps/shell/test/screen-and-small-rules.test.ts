import { describe, expect, it } from 'vitest';
import { needsRegistration } from '../src/dialogs/needs-registration';
import { badgeCount, formatTime, toLogEntry } from '../src/errorlog/error-log-entry';
import { screenClass } from '../src/hooks/screen-class';
import { avatarProblem } from '../src/pages/avatar-rules';

describe('screen-size classes', () => {
  it('≥1200 → 3, ≥992 → 2, ≥768 → 1, else 0', () => {
    expect([1920, 1200, 1199, 992, 991, 768, 767, 320].map(screenClass)).toEqual([3, 3, 2, 2, 1, 1, 0, 0]);
  });
});

describe('registration dialog trigger', () => {
  it('shows for an empty or negative user id only', () => {
    expect(needsRegistration('')).toBe(true);
    expect(needsRegistration(undefined)).toBe(true);
    expect(needsRegistration('-1')).toBe(true);
    expect(needsRegistration('1123598821738675201')).toBe(false);
    expect(needsRegistration('0')).toBe(false);
  });
});

describe('avatar rules', () => {
  it('jpg/png only, at most 500 kb', () => {
    expect(avatarProblem({ type: 'image/png', size: 500 * 1024 })).toBeUndefined();
    expect(avatarProblem({ type: 'image/jpeg', size: 1000 })).toBeUndefined();
    expect(avatarProblem({ type: 'image/gif', size: 1000 })).toBe('profile.avatarType');
    expect(avatarProblem({ type: 'image/png', size: 500 * 1024 + 1 })).toBe('profile.avatarSize');
  });
});

describe('local error log entries', () => {
  it('records type error, message, stack, info, url and time', () => {
    const entry = toLogEntry(
      new Error('boom'),
      'componentStack',
      'http://x/y',
      new Date(2026, 0, 2, 3, 4, 5),
    );
    expect(entry).toMatchObject({
      type: 'error',
      message: 'boom',
      info: 'componentStack',
      url: 'http://x/y',
      time: '2026-01-02 03:04:05',
    });
    expect(entry.stack).toContain('boom');
    expect(toLogEntry('plain', '', 'u').message).toBe('plain');
    expect(formatTime(new Date(2026, 10, 22, 6, 7, 8))).toBe('2026-11-22 06:07:08');
  });

  it('the badge count stops at 99', () => {
    expect(badgeCount(5)).toBe(5);
    expect(badgeCount(150)).toBe(99);
  });
});
